/**
 * The layering of server/ (docs/architecture.md, "Layering"), checked by `npm run check:layers`
 * (part of `npm run lint`): a module may import its own layer and the layers below it, never one
 * above. From the bottom:
 *
 *   kernel       the leaf files at the top of server/ (errors, ids, clock, logger, text, spec,
 *                metrics, ...), config/, crypto/, and background/backgroundWorker.ts (types only:
 *                what every worker and the storage port name)
 *   storage      storage/ (the port and its two adapters), busy.ts, secretKey.ts
 *   outbound     outbound/ (which addresses the service may reach, and the guarded fetch)
 *   background   background/ (the loop the workers are built on, the event-loop monitor)
 *   sandbox      sandbox/ (commands in each session's workspace; the workspaces)
 *   domain       domain/ (the rules of every resource, the one write path of each)
 *   streams      streams/ (live Server-Sent Events streams)
 *   agents       the agent wing, agents/: turns/ (the run worker, the runtime registry, the tool
 *                loop, pending actions, usage), models/, mcp/ and tools/ (built-in tools, skills,
 *                memory mounts); beside it the other workers: delivery/, scheduler/, housekeeping/
 *   worker       worker/ (cloud-agents worker: a self-hosted environment's tool calls on another
 *                machine, through the API's own SDK)
 *   http         http/ (the pipeline), routes/ (one file per tag), surfaces/ (the /v1 surface),
 *                appDeps.ts (what the HTTP layer is given, types only), health.ts (/readyz)
 *   composition  main.ts, launcher.ts, service.ts, app.ts, cli/, background/workers.ts: they put
 *                the parts together
 *
 * Every exception is listed in EXCEPTIONS with why it is there; a new upward import fails lint.
 */

const layers = [
  {
    name: "kernel",
    path: "^server/(api|clock|defaultAccount|errors|ids|listenError|loadOnce|logger|metrics|spec|text)\\.ts$|^server/(config|crypto)/|^server/background/backgroundWorker\\.ts$",
  },
  { name: "storage", path: "^server/storage/|^server/(busy|secretKey)\\.ts$" },
  { name: "outbound", path: "^server/outbound/" },
  { name: "background", path: "^server/background/(?!workers\\.ts$|backgroundWorker\\.ts$)" },
  { name: "sandbox", path: "^server/sandbox/" },
  { name: "domain", path: "^server/domain/" },
  { name: "streams", path: "^server/streams/" },
  { name: "agents", path: "^server/(agents|delivery|scheduler|housekeeping)/" },
  { name: "worker", path: "^server/worker/" },
  { name: "http", path: "^server/(http|routes|surfaces)/|^server/(appDeps|health)\\.ts$" },
  {
    name: "composition",
    path: "^server/(main|launcher|service|app)\\.ts$|^server/cli/|^server/background/workers\\.ts$",
  },
];

/** The imports that go up, each with its reason: `file` may import `imports`. */
const EXCEPTIONS = [
  {
    file: "server/domain/agents.ts",
    imports: "server/agents/turns/registry.ts",
    why: "An agent's model is refused at create time when no configured runtime serves it: the domain asks the registry which ones do.",
  },
  {
    file: "server/domain/agents.ts",
    imports: "server/agents/tools/toolset.ts",
    why: "An agent's toolset is checked against the built-in tools the wing serves (their names and the toolset type), read from the one list of them.",
  },
  {
    file: "server/domain/dreams.ts",
    imports: "server/agents/turns/registry.ts",
    why: "A dream's model is refused at create time when no configured runtime serves it, as an agent's is.",
  },
  {
    file: "server/domain/webhookEndpoints.ts",
    imports: "server/delivery/control.ts",
    why: "Disabling or deleting an endpoint cuts its deliveries in flight short before the call returns: the domain holds the delivery engine's handle (a type).",
  },
];

const exactly = (file) => `^${file.replace(/[.]/g, "\\.")}$`;

/**
 * One rule per layer: nothing above it. A module with exceptions has a rule of its own, the same
 * but for its listed targets.
 */
const forbidden = layers.flatMap((layer, i) => {
  const above = layers
    .slice(i + 1)
    .map((l) => `(${l.path})`)
    .join("|");
  if (!above) return [];
  const below = layers
    .slice(0, i + 1)
    .map((l) => l.name)
    .join(", ");
  const excepted = EXCEPTIONS.filter((e) => layers.findIndex((l) => new RegExp(l.path).test(e.file)) === i);
  const files = [...new Set(excepted.map((e) => e.file))];
  return [
    {
      name: `layer-${layer.name}`,
      comment: `${layer.name} imports only ${below} (docs/architecture.md, "Layering")`,
      severity: "error",
      from: files.length ? { path: layer.path, pathNot: files.map(exactly) } : { path: layer.path },
      to: { path: above },
    },
    ...files.map((file) => ({
      name: `layer-${layer.name}-exceptions`,
      comment: `${layer.name} imports only ${below}, and its listed exceptions (.dependency-cruiser.cjs)`,
      severity: "error",
      from: { path: exactly(file) },
      to: { path: above, pathNot: excepted.filter((e) => e.file === file).map((e) => exactly(e.imports)) },
    })),
  ];
});

module.exports = {
  forbidden: [
    ...forbidden,
    {
      name: "in-a-layer",
      comment: "Every module of server/ belongs to a layer (add a new folder or file to `layers`).",
      severity: "error",
      from: { path: "^server/", pathNot: layers.map((l) => `(${l.path})`) },
      to: {},
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles (madge checks too).",
      from: { path: "^server/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".mjs", ".cjs", ".json"] },
    exclude: { path: "^(node_modules|dist|\\.dist|generated)/" },
  },
};
