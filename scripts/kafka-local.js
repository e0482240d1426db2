// A real single-node Apache Kafka broker (KRaft) for tests and `npm run start:distributed`, no Docker:
// the pinned release's jars come from Maven Central through `mvn dependency:copy-dependencies` into a
// cache folder outside the repository, a KRaft log dir is formatted once, and the broker runs as
// `java kafka.Kafka server.properties` with a small heap on a free port.
//
//   node scripts/kafka-local.js start [--port N] [--data DIR]   runs in the foreground until Ctrl-C
//   node scripts/kafka-local.js fetch                           only fills the jar cache
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const KAFKA_VERSION = '4.1.1';
const LOG4J_VERSION = '2.24.3';

const cacheRoot = () => path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'stundenplan', `kafka-${KAFKA_VERSION}`);

const hasCommand = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** Why this machine cannot run the local broker, or undefined when it can. */
export function kafkaUnavailableReason() {
  if (!hasCommand('java')) return 'no java on PATH (Java 17+ is needed for the local Kafka broker)';
  const lib = path.join(cacheRoot(), 'lib');
  if (existsSync(path.join(lib, `kafka_2.13-${KAFKA_VERSION}.jar`))) return undefined;
  if (!hasCommand('mvn')) return 'no mvn on PATH (Maven fetches the Kafka jars from Maven Central once)';
  return undefined;
}

const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.stundenplan</groupId><artifactId>kafka-runtime</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>${KAFKA_VERSION}</version></dependency>
    <dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-slf4j-impl</artifactId><version>${LOG4J_VERSION}</version></dependency>
  </dependencies>
</project>
`;

// Warnings and the two lines that tell the version and that the broker is up.
const LOG4J2 = `status = warn
appender.out.type = Console
appender.out.name = out
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = warn
rootLogger.appenderRef.out.ref = out
logger.info.name = org.apache.kafka.common.utils.AppInfoParser
logger.info.level = info
logger.server.name = kafka.server.KafkaRaftServer
logger.server.level = info
`;

/** Fills the jar cache once (a few seconds with a warm ~/.m2); returns the lib folder. */
export function ensureKafkaJars({ quiet = false } = {}) {
  const dir = cacheRoot();
  const lib = path.join(dir, 'lib');
  if (existsSync(path.join(lib, `kafka_2.13-${KAFKA_VERSION}.jar`))) return lib;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'pom.xml'), POM);
  if (!quiet) console.log(`Kafka ${KAFKA_VERSION}: lade die Jars von Maven Central nach ${lib} …`);
  const r = spawnSync(
    'mvn',
    ['-q', '-B', '-f', path.join(dir, 'pom.xml'), 'dependency:copy-dependencies', `-DoutputDirectory=${lib}`, '-DincludeScope=runtime'],
    {
      stdio: quiet ? 'pipe' : 'inherit',
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`mvn dependency:copy-dependencies failed (${r.status}): ${(r.stderr || r.stdout || '').slice(-2000)}`);
  return lib;
}

/** A free port below Linux's ephemeral range (32768-60999), so no outgoing connection takes it between runs. */
export async function freePort(range = [25000, 27999]) {
  for (let i = 0; i < 50; i++) {
    const port = range[0] + Math.floor(Math.random() * (range[1] - range[0] + 1));
    const ok = await new Promise((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${range[0]}-${range[1]}`);
}

function serverProperties({ port, controllerPort, logDir }) {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    `log.dirs=${logDir}`,
    'num.partitions=3',
    'auto.create.topics.enable=true',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=3',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'share.coordinator.state.topic.replication.factor=1',
    'share.coordinator.state.topic.min.isr=1',
    'group.initial.rebalance.delay.ms=0',
    'num.network.threads=2',
    'num.io.threads=2',
    'log.flush.interval.messages=1',
    '',
  ].join('\n');
}

const javaArgs = (lib, dir, heapMb) => [
  `-Xmx${heapMb}m`,
  `-Xms${Math.min(128, heapMb)}m`,
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  `-Dlog4j2.configurationFile=${path.join(dir, 'log4j2.properties')}`,
  '-Djava.awt.headless=true',
  '-cp',
  `${lib}/*`,
];

async function waitForBroker(port, child, logFile, timeoutMs) {
  const { Kafka, logLevel } = await import('kafkajs');
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Kafka exited with ${child.exitCode}; log: ${tail(logFile)}`);
    const admin = new Kafka({ clientId: 'kafka-local', brokers: [`127.0.0.1:${port}`], logLevel: logLevel.NOTHING, retry: { retries: 0 } }).admin();
    try {
      await admin.connect();
      await admin.describeCluster();
      await admin.disconnect();
      return;
    } catch (e) {
      last = e.message;
      await admin.disconnect().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`Kafka did not answer on 127.0.0.1:${port} within ${timeoutMs} ms (${last}); log: ${tail(logFile)}`);
}

const tail = (file) => (existsSync(file) ? readFileSync(file, 'utf8').slice(-3000) : '(no log)');

/**
 * Starts a broker. With the same dataDir and port a stopped broker comes back with its topics,
 * offsets and committed consumer positions (restart tests). Resolves when it answers metadata.
 */
export async function startKafka({ dataDir, port, controllerPort, heapMb = 384, timeoutMs = 90_000, quiet = false } = {}) {
  const lib = ensureKafkaJars({ quiet });
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sp-kafka-'));
  mkdirSync(dir, { recursive: true });
  const statePath = path.join(dir, 'ports.json');
  const saved = existsSync(statePath) ? JSON.parse(readFileSync(statePath, 'utf8')) : {};
  const ports = { port: port ?? saved.port ?? (await freePort()), controllerPort: controllerPort ?? saved.controllerPort ?? (await freePort()) };
  writeFileSync(statePath, JSON.stringify(ports));
  const logDir = path.join(dir, 'kraft-logs');
  writeFileSync(path.join(dir, 'server.properties'), serverProperties({ ...ports, logDir }));
  writeFileSync(path.join(dir, 'log4j2.properties'), LOG4J2);
  const args = javaArgs(lib, dir, heapMb);
  if (!existsSync(path.join(logDir, 'meta.properties'))) {
    const clusterId = execFileSync('java', [...args, 'kafka.tools.StorageTool', 'random-uuid'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop();
    execFileSync('java', [...args, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', path.join(dir, 'server.properties')], { stdio: 'pipe' });
  }
  const logFile = path.join(dir, 'kafka.log');
  const out = openSync(logFile, 'a');
  const child = spawn('java', [...args, 'kafka.Kafka', path.join(dir, 'server.properties')], { stdio: ['ignore', out, out] });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    await waitForBroker(ports.port, child, logFile, timeoutMs);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  const m = /Kafka version: (\S+)/.exec(readFileSync(logFile, 'utf8'));
  const version = m ? m[1] : KAFKA_VERSION;
  return {
    brokers: `127.0.0.1:${ports.port}`,
    port: ports.port,
    dataDir: dir,
    version,
    pid: child.pid,
    logFile,
    /** Clean shutdown (SIGTERM), or SIGKILL after the grace period. */
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(t);
    },
    async kill() {
      if (child.exitCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Jar count in the cache (diagnostics). */
export const cachedJarCount = () => {
  const lib = path.join(cacheRoot(), 'lib');
  return existsSync(lib) ? readdirSync(lib).length : 0;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [cmd = 'start', ...rest] = process.argv.slice(2);
  const opt = (name) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const reason = kafkaUnavailableReason();
  if (reason) {
    console.error(`Kafka kann hier nicht starten: ${reason}`);
    process.exit(1);
  }
  if (cmd === 'fetch') {
    console.log(ensureKafkaJars());
  } else if (cmd === 'start') {
    const broker = await startKafka({ dataDir: opt('data'), port: opt('port') ? Number(opt('port')) : undefined });
    console.log(`Kafka ${broker.version} läuft auf ${broker.brokers} (Daten: ${broker.dataDir}, Log: ${broker.logFile}). Strg-C beendet.`);
    for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => broker.stop().then(() => process.exit(0)));
  } else {
    console.error('usage: node scripts/kafka-local.js start [--port N] [--data DIR] | fetch');
    process.exit(2);
  }
}
