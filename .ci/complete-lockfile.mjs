// The registry this project installs from serves only the Linux builds of a few packages that
// ship one binary package per platform. npm then writes a lockfile without the other platforms'
// entries, and `npm ci` refuses that lockfile as out of sync. This adds each missing optional
// platform package as a lockfile entry with its os/cpu/libc, so npm ci skips it on every other
// platform instead of refusing. Run after `npm install` changes the lockfile.
import { readFileSync, writeFileSync } from 'node:fs';

const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'android-x64': { os: ['android'], cpu: ['x64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'darwin-64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm': { os: ['linux'], cpu: ['arm'] },
  'linux-arm64': { os: ['linux'], cpu: ['arm64'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64': { os: ['win32'], cpu: ['x64'] },
  'windows-64': { os: ['win32'], cpu: ['x64'] },
  'windows-arm64': { os: ['win32'], cpu: ['arm64'] },
};

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const platform = Object.entries(platforms).find(
      ([suffix]) => name.endsWith(`-${suffix}`) || name.endsWith(`/${suffix}`),
    );
    if (!platform) throw new Error(`no platform known for missing optional package ${name}`);
    lock.packages[key] = { version, ...platform[1], dev: true, optional: true };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
