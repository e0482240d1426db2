// The map in docs/architecture.md stays true: its gRPC calls and its events (the Mermaid diagram and the tables)
// are exactly what the code has. Derived from the code: a gRPC call is a `createServiceClient(<pkg>.<Name>Client, …)`
// in a service, answered by the services whose src/grpc/ binds `definition: <pkg>.<Name>Service`; an event's
// producers write `Topic.<Member>` (outbox, emit), its consumers register `consumer.on(Topic.<Member>, …)`.
// Also checked: the adapter folders are leaves (they import no other folder of their service).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');

/** The service's source files, without tests and generated code, as [path relative to src, text]. */
function sources(service: string): [string, string][] {
  const src = path.join(root, 'services', service, 'src');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === 'generated' ? [] : walk(full);
      return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
    });
  return walk(src).map((f) => [path.relative(src, f), readFileSync(f, 'utf8')]);
}

const SERVICES = readdirSync(path.join(root, 'services')).filter((s) => statSync(path.join(root, 'services', s, 'src')).isDirectory());

/** `caller -> GrpcService -> server` for every client in the code. */
function grpcEdgesInCode(): string[] {
  const servers = new Map<string, string[]>();
  for (const service of SERVICES)
    for (const [file, text] of sources(service)) {
      if (!file.startsWith('grpc/')) continue;
      for (const m of text.matchAll(/definition:\s*\w+\.(\w+)Service\b/g)) servers.set(m[1]!, [...(servers.get(m[1]!) ?? []), service]);
    }
  const edges = new Set<string>();
  for (const caller of SERVICES)
    for (const [file, text] of sources(caller))
      for (const m of text.matchAll(/createServiceClient\(\s*\w+\.(\w+)Client\s*,[^,]+,[^,]+,\s*('([^']+)'|\w+)/g)) {
        const grpc = m[1]!;
        const answering = servers.get(grpc) ?? [];
        // A literal target names one service; a variable one (the data export) reaches every service that answers.
        const targets = m[3] ? [m[3]] : answering;
        expect(answering, `${caller}/src/${file}: ${grpc} is answered by no service`).not.toEqual([]);
        for (const t of targets) {
          expect(answering, `${caller}/src/${file}: ${t} does not answer ${grpc}`).toContain(t);
          edges.add(`${caller} -> ${grpc} -> ${t}`);
        }
      }
  return [...edges].sort();
}

/** The topic of each member of the Topic enum (packages/base/src/events/topics.ts). */
function topics(): Map<string, string> {
  const enumBody = /export enum Topic \{([^}]*)\}/.exec(read('packages/base/src/events/topics.ts'))![1]!;
  return new Map([...enumBody.matchAll(/(\w+)\s*=\s*'([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
}

/** `topic: produced by a, b; consumed by c` for every topic of the enum. */
function eventsInCode(): string[] {
  const byMember = topics();
  const producers = new Map<string, Set<string>>();
  const consumers = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, member: string, service: string) => {
    const topic = byMember.get(member);
    expect(topic, `Topic.${member} is not in the enum`).toBeDefined();
    map.set(topic!, (map.get(topic!) ?? new Set()).add(service));
  };
  for (const service of SERVICES)
    for (const [, text] of sources(service))
      for (const m of text.matchAll(/(\.on\(\s*|<\s*)?Topic\.(\w+)/g)) {
        if (m[1]?.startsWith('<')) continue; // a type argument, e.g. EventEnvelope<Topic.MailRequested>
        add(m[1] ? consumers : producers, m[2]!, service);
      }
  const list = (set?: Set<string>) => [...(set ?? [])].sort().join(', ') || '-';
  return [...byMember.values()].sort().map((t) => `${t}: produced by ${list(producers.get(t))}; consumed by ${list(consumers.get(t))}`);
}

const doc = read('docs/architecture.md');

function mermaid(): string {
  const m = /```mermaid\n([\s\S]*?)```/.exec(doc);
  expect(m, 'docs/architecture.md has a mermaid diagram').not.toBeNull();
  return m![1]!;
}

/** The rows of the first table under a heading (before the next heading), as arrays of cells (backticks dropped). */
function tableUnder(heading: string): string[][] {
  const start = doc.indexOf(`\n### ${heading}\n`);
  expect(start, `docs/architecture.md has a heading "### ${heading}"`).toBeGreaterThan(-1);
  const section = doc
    .slice(start + 1)
    .split('\n')
    .slice(1);
  const end = section.findIndex((l) => l.startsWith('#'));
  const lines = end === -1 ? section : section.slice(0, end);
  const rest = lines.slice(
    Math.max(
      0,
      lines.findIndex((l) => l.startsWith('|')),
    ),
  );
  const stop = rest.findIndex((l) => !l.startsWith('|'));
  const table = stop === -1 ? rest : rest.slice(0, stop);
  return table.slice(2).map((r) =>
    r
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim().replace(/`/g, '')),
  );
}

/** Node ids to their labels: services `id["name"]`, topics `id(["topic"])`. */
function nodes(diagram: string): Map<string, string> {
  return new Map([...diagram.matchAll(/^\s*(\w+)\(?\["([^"]+)"\]\)?/gm)].map((m) => [m[1]!, m[2]!]));
}

describe('docs/architecture.md: the map of services', () => {
  it('draws exactly the gRPC calls of the code', () => {
    const diagram = mermaid();
    const label = nodes(diagram);
    const drawn = [...diagram.matchAll(/^\s*(\w+)\s*-->\|gRPC (\w+)\|\s*(\w+)\s*$/gm)].map((m) => `${label.get(m[1]!)} -> ${m[2]} -> ${label.get(m[3]!)}`);
    expect(drawn.sort()).toEqual(grpcEdgesInCode());
  });

  it('lists exactly the gRPC calls of the code in its table', () => {
    const listed = tableUnder('gRPC calls').flatMap(([caller, grpc, servers]) => servers!.split(', ').map((s) => `${caller} -> ${grpc} -> ${s}`));
    expect(listed.sort()).toEqual(grpcEdgesInCode());
  });

  it('draws every event with exactly its producers and consumers in the code', () => {
    const diagram = mermaid();
    const label = nodes(diagram);
    const producers = new Map<string, string[]>();
    const consumers = new Map<string, string[]>();
    for (const m of diagram.matchAll(/^\s*(\w+)\s*-\.->\s*(\w+)\s*$/gm)) {
      const [from, to] = [label.get(m[1]!)!, label.get(m[2]!)!];
      if (to.endsWith('.v1') || /\.v\d+$/.test(to)) producers.set(to, [...(producers.get(to) ?? []), from]);
      else consumers.set(from, [...(consumers.get(from) ?? []), to]);
    }
    const drawn = [...label.values()]
      .filter((l) => /\.v\d+$/.test(l))
      .sort()
      .map((t) => `${t}: produced by ${(producers.get(t) ?? []).sort().join(', ') || '-'}; consumed by ${(consumers.get(t) ?? []).sort().join(', ') || '-'}`);
    expect(drawn).toEqual(eventsInCode());
  });

  it('lists every event with exactly its producers and consumers in its table', () => {
    const listed = tableUnder('Events').map(([topic, produced, consumed]) => {
      const names = (cell: string) => (cell === '-' ? '-' : cell.split(', ').sort().join(', '));
      return `${topic}: produced by ${names(produced!)}; consumed by ${names(consumed!)}`;
    });
    expect(listed.sort()).toEqual(eventsInCode());
  });

  it('draws every service', () => {
    const drawn = new Set(nodes(mermaid()).values());
    for (const s of SERVICES) expect(drawn, s).toContain(s);
  });

  it('answers every gRPC service of proto/ in some service', () => {
    const protoDir = path.join(root, 'proto', 'stundenplan');
    const protos = readdirSync(protoDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.proto'));
    const declared = protos.flatMap((f) => [...readFileSync(path.join(protoDir, f), 'utf8').matchAll(/^service (\w+)/gm)].map((m) => m[1]!));
    const served = new Set(grpcEdgesInCode().map((e) => e.split(' -> ')[1]));
    for (const s of declared) expect(served, `${s} (proto/) has a caller and a server`).toContain(s);
  });
});

/** Adapter folders: they hold one outside technology each and import nothing else of their service. */
const ADAPTERS = ['mail', 'calendar', 'csv', 'pdf', 'solver'];

describe('adapter folders are leaves', () => {
  it.each(SERVICES)('%s: mail/, calendar/, csv/, pdf/, solver/ import no other folder of the service (the config type aside)', (service) => {
    const outside: string[] = [];
    for (const [file, text] of sources(service)) {
      const folder = file.split(path.sep)[0]!;
      if (!ADAPTERS.includes(folder)) continue;
      for (const m of text.matchAll(/^(?:import|export) (type )?[^;]*?from '(\.[^']+)'/gm)) {
        const target = path.relative(
          path.join(root, 'services', service, 'src'),
          path.resolve(path.join(root, 'services', service, 'src', path.dirname(file)), m[2]!),
        );
        const typeOfConfig = m[1] && target === 'config.js';
        if (target.split(path.sep)[0] !== folder && !typeOfConfig) outside.push(`${file} -> ${target}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
