import { start } from "./boot/start.ts";

/** The app's entry: every page the server renders per request (client/boot/start.ts). */
void start(() => import("./boot/app.tsx").then((m) => m.serverRenderedApp));
