// The distributed topology, read from the files the containers use: docker-compose.yml names the
// services, their ports, schemas and environment; the Dockerfile's stage of the same name gives the
// entry point (CMD). `npm run start:distributed` runs exactly these, one OS process per replica.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** CMD of every Dockerfile stage, by stage name. */
export function dockerfileCommands(text = readFileSync(path.join(root, 'Dockerfile'), 'utf8')) {
  const out = {};
  for (const stage of text.split(/^FROM /m).slice(1)) {
    const name = /^\S+\s+AS\s+(\S+)/i.exec(stage)?.[1];
    const cmd = [...stage.matchAll(/^CMD\s+(\[.*\])\s*$/gm)].pop()?.[1];
    if (name && cmd) out[name] = JSON.parse(cmd);
  }
  return out;
}

/**
 * The app processes of docker-compose.yml (those built from this repository's Dockerfile), in the
 * file's order, gateway last: { name, env, command, envPrefix, http, grpc }.
 */
export function loadTopology(composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) {
  const compose = parse(composeText, { merge: true });
  const commands = dockerfileCommands();
  const apps = [];
  for (const [name, svc] of Object.entries(compose.services)) {
    const target = svc.build?.target;
    if (!target || !commands[target] || target !== name) continue; // infrastructure and dev tools
    const env = Object.fromEntries(Object.entries(svc.environment ?? {}).map(([k, v]) => [k, String(v)]));
    apps.push({
      name,
      envPrefix: name.toUpperCase().replace(/-/g, '_'),
      env,
      command: svc.command ?? commands[target],
      http: Number(env.PORT),
      grpc: env.GRPC_PORT ? Number(env.GRPC_PORT) : undefined,
    });
  }
  apps.sort((a, b) => (a.name === 'gateway') - (b.name === 'gateway'));
  return apps;
}

/**
 * Ports on one machine, below the ephemeral range: HTTP 23000 + (container port - 8000),
 * gRPC 24000 + (container port mod 100), +100 per replica, + offset (a second stack beside the first).
 */
export function localPorts(app, replica, offset = 0) {
  return {
    http: 23000 + (app.http - 8000) + 100 * replica + offset,
    grpc: app.grpc === undefined ? undefined : 24000 + (app.grpc % 100) + 100 * replica + offset,
  };
}
