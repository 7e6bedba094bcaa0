const t = performance.now();
await import('./dist/server/http/serve.js');
console.log('serve graph', (performance.now() - t).toFixed(0), 'ms');
