// The HTTP side: the app (guards, routes, one error handler) and the server that listens for it.
export { answerError, createApp, type AppDeps } from './app.ts';
export { announce, closeOnce, listenOnFreePort, startServer, stopListening, urlHost, type RunningServer, type StartServerOptions } from './serve.ts';
export { apiGuard, generateToken, hostGuard, isLoopbackHost, securityHeaders, securityOptionsFor, type SecurityOptions } from './security.ts';
export { DEFAULT_WEB_DIR, hasBuiltPage, MISSING_BUILD_MESSAGE, staticRoutes } from './static.ts';
export { openBrowser } from './open-browser.ts';
export { firstAnswerGate, gatedServer, serverBeforeItsApp } from './first-answer.ts';
export { PortTakenError } from './port-taken.ts';
export { encodeFrame, EventPump, streamPump, type BacklogBound } from './sse-pump.ts';
export { runtimeDirectory } from './token-store.ts';
export { closeMcpEndpoints, type McpHosting } from './routes/mcp.ts';
