// A port asked for with --port is taken: starting on another one would leave a script that named the port talking
// to whatever holds it, so the start fails instead (exit 2); only the default port moves to a free one.
export class PortTakenError extends Error {}
