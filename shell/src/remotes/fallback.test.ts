import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { mountRootParcel } from 'single-spa';
import { createErrorParcel, remoteFallbackPlugin, remoteLoadErrorCode } from './fallback';

type ErrorArgs = Parameters<NonNullable<ReturnType<typeof remoteFallbackPlugin>['errorLoadRemote']>>[0];

function errorArgs(id: string, lifecycle: ErrorArgs['lifecycle']): ErrorArgs {
  return { id, lifecycle, error: new Error('Failed to get manifest'), from: 'runtime', origin: {} as ModuleFederation };
}

describe('error parcel', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the area, the code and a Retry that asks the shell to load again; unmount removes it', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    let retries = 0;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const runtimeError = new Error(
      '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003 args: {"manifestUrl":"http://localhost:3002/mf-manifest.json"} https://module-federation.io/guide/troubleshooting/runtime/RUNTIME-003',
    );
    const parcel = createErrorParcel('Journal', runtimeError);
    const mounted = mountRootParcel(parcel, {
      domElement: host,
      retry: () => {
        retries += 1;
      },
    });
    await mounted.mountPromise;

    const panel = host.querySelector('[role="alert"]');
    expect(panel?.getAttribute('data-error-code')).toBe(remoteLoadErrorCode);
    expect(panel?.textContent).toContain('Journal is unavailable right now');
    expect(panel?.textContent).toContain('Check your connection and try again');
    expect(panel?.textContent).toContain('tell support this code: LB-REMOTE-LOAD');
    // The runtime's own words stay in the console: no manifest address, docs link or runtime code on screen.
    expect(panel?.textContent).not.toMatch(/manifest|RUNTIME-003|module-federation\.io|Federation/i);
    expect(logged).toHaveBeenCalledWith('LB-REMOTE-LOAD: Journal could not be loaded', runtimeError);
    logged.mockRestore();
    host.querySelector('button')?.click();
    expect(retries).toBe(1);

    await mounted.unmount();
    expect(host.innerHTML).toBe('');
  });

  it('refuses to mount without an element', async () => {
    const parcel = createErrorParcel('Goals', 'down');
    const mount = parcel.mount;
    if (typeof mount !== 'function') throw new Error('mount must be one function');
    await expect(mount({ name: 'x', singleSpa: {}, mountParcel: mountRootParcel })).rejects.toThrow('domElement');
  });
});

describe('remote fallback plugin', () => {
  const plugin = remoteFallbackPlugin();
  const handle = (args: ErrorArgs) => plugin.errorLoadRemote?.(args);

  it('answers a failed load of an area’s lifecycles with that area’s error parcel', async () => {
    const answer = (await handle(errorArgs('mf_goals/lifecycles', 'onLoad'))) as { name?: string; mount?: unknown };
    expect(answer.name).toBe('Goals-unavailable');
    expect(typeof answer.mount).toBe('function');
  });

  it('answers only the onLoad lifecycle, so a failed manifest is never cached as the fallback', async () => {
    for (const lifecycle of ['beforeRequest', 'afterResolve', 'beforeLoadShare'] as const) {
      expect(await handle(errorArgs('mf_goals/lifecycles', lifecycle)), lifecycle).toBeUndefined();
    }
  });

  it('leaves other exposes and unknown remotes to the caller', async () => {
    expect(await handle(errorArgs('mf_goals/widgets', 'onLoad'))).toBeUndefined();
    expect(await handle(errorArgs('somebody/lifecycles', 'onLoad'))).toBeUndefined();
  });
});
