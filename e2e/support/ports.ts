// The specs' port helpers are the repository's one copy (scripts/ports.mjs, also used by the start command).
export { freePort, isPortOpen, waitForPort, waitForPortClosed } from '../../scripts/ports.mjs';
