#!/usr/bin/env node
// server-everything (@modelcontextprotocol/server-everything) over Streamable HTTP, bound to
// 127.0.0.1 only, for the MCP client's tests.
//
//   node tests/support/mcp/everything_http.mjs
//
// Prints one line "LISTENING <port>" on stdout when ready; the endpoint is
// http://127.0.0.1:<port>/mcp. Exits when its stdin closes (keep stdin a pipe: QProcess's is), on
// SIGTERM or SIGINT. Nothing else is written to stdout; errors go to stderr.
//
// The package's own "streamableHttp" mode listens on every interface (express app.listen(PORT))
// with permissive CORS, so this file serves the package's server factory itself, the way that mode
// does: one McpServer + StreamableHTTPServerTransport per session (Mcp-Session-Id), an in-memory
// event store (SSE ids, Last-Event-ID resumption, a priming event with empty data at the start of
// each stream for protocol 2025-11-25), GET stream, DELETE ends the session. Differences: an
// unknown Mcp-Session-Id gets 404 (Session not found, as the specification asks) where the package
// answers 400, paths other than /mcp get 404, and the Host header must be 127.0.0.1:<port> or
// localhost:<port> (DNS rebinding protection).
import { createServer as createHttpServer } from 'node:http';
import { randomUUID, webcrypto } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer } from '@modelcontextprotocol/server-everything/dist/server/index.js';

// Node 18 has no global Web Crypto; the SDK's transport calls crypto.randomUUID() on it.
if (!globalThis.crypto) globalThis.crypto = webcrypto;

// Same as the package's InMemoryEventStore (transports/streamableHttp.js).
class InMemoryEventStore {
  events = new Map();
  async storeEvent(streamId, message) {
    const eventId = randomUUID();
    this.events.set(eventId, { streamId, message });
    return eventId;
  }
  async replayEventsAfter(lastEventId, { send }) {
    const entries = Array.from(this.events.entries());
    const start = entries.findIndex(([id]) => id === lastEventId);
    if (start === -1) return lastEventId;
    let lastId = lastEventId;
    for (const [eventId, { message }] of entries.slice(start + 1)) {
      await send(eventId, message);
      lastId = eventId;
    }
    return lastId;
  }
}

const transports = new Map(); // Mcp-Session-Id -> StreamableHTTPServerTransport
let port = 0;

function jsonError(res, status, code, message) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

async function newSession(req, res) {
  const { server, cleanup } = createServer();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: new InMemoryEventStore(),
    enableDnsRebindingProtection: true,
    allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
    onsessioninitialized: (sessionId) => transports.set(sessionId, transport),
  });
  server.server.onclose = () => {
    const sid = transport.sessionId;
    if (sid && transports.delete(sid)) cleanup(sid);
  };
  await server.connect(transport);
  await transport.handleRequest(req, res);
  if (!transport.sessionId) { // not an initialize request: the transport refused it
    await server.close();
    cleanup();
  }
}

const http = createHttpServer(async (req, res) => {
  try {
    if (new URL(req.url, 'http://localhost').pathname !== '/mcp') {
      jsonError(res, 404, -32000, 'Not found: the endpoint is /mcp');
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    if (sessionId) {
      const transport = transports.get(sessionId);
      if (transport) await transport.handleRequest(req, res);
      else jsonError(res, 404, -32001, 'Session not found');
    } else if (req.method === 'POST') {
      await newSession(req, res);
    } else {
      jsonError(res, 400, -32000, 'Bad Request: No valid session ID provided');
    }
  } catch (error) {
    console.error('everything_http:', error);
    if (!res.headersSent) jsonError(res, 500, -32603, 'Internal server error');
    else res.end();
  }
});

async function shutdown() {
  for (const transport of transports.values()) await transport.close().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.stdin.on('end', shutdown);
process.stdin.on('error', shutdown);
process.stdin.resume();

http.on('error', (error) => {
  console.error('everything_http:', error.message);
  process.exit(1);
});
http.listen(0, '127.0.0.1', () => {
  port = http.address().port;
  process.stdout.write(`LISTENING ${port}\n`);
});
