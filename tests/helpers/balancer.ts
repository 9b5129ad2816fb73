import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { listen } from "./web.ts";

/**
 * A plain round-robin HTTP load balancer in front of API replicas, as a scaled-out deployment has
 * one: a replica that refuses the connection is skipped for the next. Streams pass through as they come.
 */
export async function startBalancer(targets: string[]) {
  let next = 0;
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tries: number) => {
    const target = targets[next++ % targets.length]!;
    const out = httpRequest(`${target}${req.url}`, { method: req.method, headers: { ...req.headers, host: new URL(target).host }, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      // A replica that goes away mid-stream ends the client's stream too, as a balancer's would.
      answer.once("close", () => res.destroy());
    });
    out.on("error", () => {
      if (res.headersSent) return void res.destroy();
      if (tries + 1 < targets.length) forward(req, res, body, tries + 1);
      else res.writeHead(502, { "content-type": "text/plain" }).end("no replica answers");
    });
    res.once("close", () => out.destroy());
    out.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => forward(req, res, Buffer.concat(chunks), 0));
  });
  const { port } = await listen(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
