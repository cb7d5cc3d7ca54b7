/**
 * The standalone page of a production remote build runs without the shell, which otherwise provides the
 * Module Federation runtime-core to every remote (rspack-common.ts, `remoteUsesHostRuntime`). This script,
 * loaded before the page's own bundle, provides it under the global name the remote's bundle reads.
 * (Plain JS: the module is found through an alias of the build, not by the type checker.)
 */
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
