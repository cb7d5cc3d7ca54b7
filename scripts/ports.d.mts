/** Types for ports.mjs (a plain Node module), so TypeScript tests can import it. */
export function freePort(): Promise<number>;
export function isPortOpen(port: number): Promise<boolean>;
export function waitForPort(port: number, what: string, timeoutMs?: number, giveUp?: () => boolean): Promise<void>;
export function waitForPortClosed(port: number, timeoutMs?: number): Promise<void>;
