// PostgreSQL refuses to run as root. Started by root, the embedded server runs as the system user
// `postgres`, which must be able to execute the binaries and enter the data folder. A checkout in
// a private folder (/root/..., a 0700 mktemp folder) allows neither, so as root we place what the
// server needs where that user can reach it: the binaries in a shared copy, the data in a folder
// linked from the requested place.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chownSync, cpSync, existsSync, lstatSync, mkdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** Where root keeps PostgreSQL binaries and data that the postgres user must reach. */
export const ROOT_PLACE = '/var/lib/stundenplan-assistent';

export interface PgUser {
  uid: number;
  gid: number;
}

export const isRoot = () => process.getuid?.() === 0;

function idOf(flag: '-u' | '-g'): number | undefined {
  const r = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.trim()) : undefined;
}

/** The postgres system user; created (as a system account) when missing. */
export function ensurePostgresUser(): PgUser {
  let uid = idOf('-u');
  if (uid === undefined) {
    spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    const r = spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { encoding: 'utf8' });
    uid = idOf('-u');
    if (uid === undefined) {
      throw new Error(
        `Der Systembenutzer "postgres" fehlt und konnte nicht angelegt werden (${(r.stderr || 'useradd fehlt').trim()}). Lege ihn an: useradd --system postgres`,
      );
    }
  }
  return { uid, gid: idOf('-g')! };
}

/** Can the postgres user reach (x) or read/execute this path? Checked by that user itself. */
export function reachable(user: PgUser, p: string, test: '-x' | '-w' = '-x'): boolean {
  const r = spawnSync('/bin/sh', ['-c', `test ${test} "$1"`, 'sh', p], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
  return r.status === 0;
}

/**
 * The native folder (bin, lib, share) the postgres user can execute: the installed one when
 * reachable, else a copy in ROOT_PLACE shared by every checkout of the same version.
 */
export function reachableNativeDir(user: PgUser, nativeDir: string, version: string): string {
  if (reachable(user, path.join(nativeDir, 'bin', 'postgres'))) return nativeDir;
  const target = path.join(ROOT_PLACE, `postgresql-${version}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  mkdirSync(ROOT_PLACE, { recursive: true, mode: 0o755 });
  // Copy beside the target and rename, so two starts at once never see half a copy.
  const tmp = `${target}.tmp-${randomBytes(4).toString('hex')}`;
  cpSync(nativeDir, tmp, { recursive: true, verbatimSymlinks: true });
  try {
    renameSync(tmp, target);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another start was quicker
  }
  return target;
}

/**
 * The folder the server really uses for `dataDir`. Reachable: `dataDir` itself. Otherwise a folder
 * in ROOT_PLACE, and `dataDir` becomes a symbolic link to it (so the data stays findable from the
 * requested place, and deleting the requested folder starts afresh next time).
 */
export function reachableDataDir(user: PgUser, dataDir: string): string {
  if (isSymlink(dataDir)) {
    const target = path.resolve(path.dirname(dataDir), readlinkSync(dataDir));
    if (existsSync(target)) return target;
    rmSync(dataDir, { force: true }); // dangling: the data behind it is gone
  }
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  if (reachable(user, parent)) return dataDir;
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  const target = path.join(ROOT_PLACE, 'data', `${key}-${Date.now().toString(36)}`);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
  mkdirSync(target, { mode: 0o700 });
  chownSync(target, user.uid, user.gid);
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) {
    rmSync(target, { recursive: true, force: true });
    throw new Error(
      `Der Datenordner ${dataDir} liegt in einem Ordner, den der Benutzer postgres nicht betreten darf. Verschiebe ihn an einen erreichbaren Ort und gib diesen mit SP_DATA_DIR an.`,
    );
  }
  rmSync(dataDir, { recursive: true, force: true }); // an empty, never initialised folder
  symlinkSync(target, dataDir);
  return target;
}

function isSymlink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
