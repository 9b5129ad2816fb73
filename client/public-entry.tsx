import { start } from "./boot/start.ts";

/** The prerendered public pages' entry: the same start, without the client router (decision 021). */
void start(() => import("./boot/public-app.tsx").then((m) => m.publicPageApp));
