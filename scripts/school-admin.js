// The operator makes an account an administrator ('Schulverwaltung') of its institution's school:
//   npm run school-admin -- --institution <id> --email <address>
// It calls the school service's gRPC method AddAdministrator with a service token. Embedded mode (npm start): the
// service's address follows SP_PORT_OFFSET and the key is the data folder's (SP_DATA_DIR, default .data). The
// distributed topology or a cluster: SCHOOL_SERVICE_ADDR (host:port of its gRPC) and SERVICE_TOKEN_KEY.
// Exit code 0 when the account is an administrator afterwards, 1 with a German message otherwise.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { callUnary, createServiceClient, parseServiceTokenKey, ServiceTokenSigner } from '../packages/base/dist/index.js';
import { schoolV1 } from '../proto/dist/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'Aufruf: npm run school-admin -- --institution <Id der Einrichtung> --email <E-Mail-Adresse>';

function fail(message) {
  console.error(message);
  process.exit(1);
}

function serviceKey() {
  if (process.env.SERVICE_TOKEN_KEY) return process.env.SERVICE_TOKEN_KEY;
  const file = path.join(path.resolve(process.env.SP_DATA_DIR || path.join(root, '.data')), 'service-token.key');
  if (!existsSync(file)) fail(`Kein Dienstschlüssel gefunden (${file}): Starte zuerst den Stundenplan-Assistenten (npm start) oder gib SERVICE_TOKEN_KEY an.`);
  return readFileSync(file, 'utf8').trim();
}

let args;
try {
  args = parseArgs({ options: { institution: { type: 'string' }, email: { type: 'string' } } }).values;
} catch {
  fail(USAGE);
}
if (!args.institution?.trim() || !args.email?.trim()) fail(USAGE);

const address = process.env.SCHOOL_SERVICE_ADDR || `127.0.0.1:${8098 + Number(process.env.SP_PORT_OFFSET ?? 0)}`;
let signer;
try {
  signer = new ServiceTokenSigner(parseServiceTokenKey(serviceKey()), 'school-admin');
} catch (e) {
  fail(`Der Dienstschlüssel ist ungültig: ${e.message}`);
}
const client = createServiceClient(schoolV1.SchoolServiceClient, address, signer, 'school');
try {
  const res = await callUnary(client.addAdministrator.bind(client), client, { institutionId: args.institution.trim(), email: args.email.trim() }, 10_000);
  console.log(
    res.added
      ? `${res.name} (${args.email.trim().toLowerCase()}) gehört jetzt zur Schulverwaltung von „${res.schoolName}“ (Schul-Id ${res.schoolId}).`
      : `${res.name} (${args.email.trim().toLowerCase()}) gehört bereits zur Schulverwaltung von „${res.schoolName}“ (Schul-Id ${res.schoolId}).`,
  );
  client.close();
} catch (e) {
  client.close();
  const detail = typeof e?.detail === 'string' ? e.detail : e?.message;
  if (e?.code === 'UNAVAILABLE' || e?.code === 'TIMEOUT')
    fail(`Der Schul-Dienst unter ${address} antwortet nicht: Läuft der Stundenplan-Assistent (npm start)? Sonst gib SCHOOL_SERVICE_ADDR an.`);
  if (e?.code === 'UNAUTHORIZED') fail('Der Schul-Dienst lehnt den Dienstschlüssel ab: Gib den SERVICE_TOKEN_KEY dieser Installation an.');
  fail(detail || 'Unbekannter Fehler.');
}
