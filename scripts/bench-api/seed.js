// Realistic data through the public API: one teacher with 20 classes, a class of 99 students, a class
// of 40 (calculation and PDF), the other students in a third class, all registered and confirmed
// through the mailed link (read from the local outbox) and logged in.

const PASSWORD = 'Sicher123!';
export const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hanna',
  'Ida',
  'Jonas',
  'Klara',
  'Lena',
  'Moritz',
  'Nora',
  'Oskar',
  'Paula',
  'Quirin',
  'Rosa',
  'Simon',
  'Theo',
];
export const LAST = [
  'Bach',
  'Brahms',
  'Clementi',
  'Dvořák',
  'Elgar',
  'Fauré',
  'Grieg',
  'Händel',
  'Ives',
  'Janáček',
  'Kodály',
  'Liszt',
  'Mahler',
  'Nielsen',
  'Orff',
  'Pärt',
  'Reger',
  'Schumann',
  'Telemann',
  'Weber',
  'Ysaÿe',
  'Zelter',
  'Albéniz',
  'Berg',
  'Chopin',
];

export const quarter = (q) => `${Math.floor(q / 4)}.${String((q % 4) * 15).padStart(2, '0')}`;
const range = (a, b) => Array.from({ length: b - a }, (_, k) => a + k);
/** Monday slots from 8.00 on, one per set bit of `c` (20 bits): the times scenario's encoding (scenario.lua). */
export const mondaySlots = (c) =>
  range(0, 20)
    .filter((b) => Math.floor(c / 2 ** b) % 2 === 1)
    .map((b) => quarter(32 + b));
/** Monday to Friday 8.00-18.00: the teacher's times of every seeded class. */
export const TEACHER_TIMES = Object.fromEntries(range(0, 5).map((d) => [String(d), range(32, 72).map(quarter)]));

/** A browser-like client: keeps the session cookie, sends Origin on writes. */
export class Client {
  cookie = '';
  constructor(base) {
    this.base = base;
  }
  async call(method, p, body) {
    const headers = { Accept: 'application/json' };
    if (this.cookie) headers.Cookie = this.cookie;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') headers.Origin = this.base;
    const res = await fetch(`${this.base}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie?.startsWith('sp_session=')) this.cookie = setCookie.split(';')[0];
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: parsed };
  }
  async ok(method, p, body) {
    const r = await this.call(method, p, body);
    if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }
}

/** Runs `fn` over `items` with at most `limit` at once. */
export async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    range(0, Math.min(limit, items.length)).map(async () => {
      while (next < items.length) {
        const k = next++;
        out[k] = await fn(items[k], k);
      }
    }),
  );
  return out;
}

async function confirmLink(base, email) {
  for (let tries = 0; tries < 200; tries++) {
    const res = await fetch(`${base}/dev/mail.json?to=${encodeURIComponent(email)}&limit=5`);
    const mails = await res.json();
    const m = mails.find((x) => /bestätig/i.test(x.subject));
    const link = m?.text.match(/https?:\/\/\S*\/confirm-email\S*/)?.[0];
    if (link) return new URL(link).searchParams.get('token');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation mail for ${email}`);
}

export async function account(base, { name, email, role, registerShortcut }) {
  const c = new Client(base);
  await c.ok('POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    name,
    role_id: role === 'teacher' ? 2 : 1,
    institution_id: null,
    duration: role === 'student' ? 45 : null,
    registerShortcut: registerShortcut ?? null,
    memberId: null,
  });
  await c.ok('POST', '/api/auth/confirm-email', { token: await confirmLink(base, email) });
  await c.ok('POST', '/api/auth/login', { email, password: PASSWORD });
  return c;
}

/** Deterministic pseudo-random numbers (mulberry32). */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Three blocks of two to three hours on different weekdays, inside the teacher's times. */
export function studentTimes(k) {
  const rnd = prng(1000 + k);
  const days = range(0, 5)
    .sort(() => rnd() - 0.5)
    .slice(0, 3);
  const times = {};
  for (const d of days) {
    const len = 8 + Math.floor(rnd() * 5);
    const start = 32 + Math.floor(rnd() * (40 - len));
    times[String(d)] = range(start, start + len).map(quarter);
  }
  return times;
}

/**
 * Seeds and returns { teacher, classes, big, calc, students }: `students[k]` is a logged-in client;
 * students 0-98 are in the class of 99 (`big`), 99-138 in the class of 40 (`calc`), the rest in a third class.
 */
export async function seed(base, { students: count = 500, log = () => {} } = {}) {
  const run = Date.now().toString(36);
  const teacher = await account(base, { name: 'Clara Wieck', email: `lehrerin.${run}@example.org`, role: 'teacher' });
  const classes = [];
  for (let k = 0; k < 20; k++) {
    const c = await teacher.ok('POST', '/api/classes', {
      name: `Klavier Hauptfach ${k + 1}`,
      description: k % 2 ? 'Wintersemester' : null,
      is_group: false,
      register_shortcut: '',
    });
    classes.push(c);
  }
  for (const c of classes.slice(0, 3)) {
    await teacher.ok('PUT', `/api/classes/${c.class_id}/available-times`, { available_times: TEACHER_TIMES });
    await teacher.ok('POST', `/api/classes/${c.class_id}/time-range/exact`);
  }
  const [big, calc, rest] = classes;
  const classOf = (k) => (k < 99 ? big : k < 139 ? calc : rest);
  log(`  Lehrerin und 20 Klassen angelegt; ${count} Studierende werden registriert …`);
  let done = 0;
  const students = await pool(range(0, count), 6, async (k) => {
    const name = `${FIRST[k % FIRST.length]} ${LAST[Math.floor(k / FIRST.length) % LAST.length]}`;
    const c = await account(base, { name, email: `student.${k}.${run}@example.org`, role: 'student', registerShortcut: classOf(k).register_shortcut });
    await c.ok('PUT', '/api/me/available-times', { available_times: studentTimes(k) });
    if (++done % 100 === 0) log(`  … ${done} Studierende`);
    return c;
  });
  return { teacher, classes, big, calc, students };
}
