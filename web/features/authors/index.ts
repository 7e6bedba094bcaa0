// Who wrote what: the mark a step or commit carries when an MCP client wrote it through gcc-studio.
// The feature's only door.
export { AuthorMark } from './AuthorMark.tsx';
