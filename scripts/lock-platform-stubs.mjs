// The registry this project installs from carries native packages for the platforms it builds on, not for
// every platform a tool ships (Biome's and Tailwind's macOS/Windows/Android binaries answer 404). npm then
// leaves those optional dependencies out of package-lock.json and `npm ci` refuses the lock as out of sync.
// This adds lock entries for such missing optional platform packages, marked with their os/cpu/libc so npm
// skips them on every other platform. Run it after `npm install` changes the lock: `node scripts/lock-platform-stubs.mjs`.
import fs from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const id = name.split('/').pop();
  const os = ['android', 'darwin', 'freebsd', 'win32', 'linux', 'openbsd', 'sunos', 'aix'].find((o) =>
    id.includes(o),
  );
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'ppc64', 's390x', 'riscv64', 'loong64'].find((c) =>
    new RegExp(`(^|-)${c}(-|$)`).test(id),
  );
  const libc = id.includes('musl') ? 'musl' : id.includes('gnu') && os === 'linux' ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, pkg] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    const parent = location ? `${location}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[parent] || packages[`node_modules/${dep}`]) continue;
    if (!/^\d+\.\d+\.\d+/.test(spec)) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue;
    packages[`node_modules/${dep}`] = {
      version: spec,
      optional: true,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(os ? { os: [os] } : {}),
      ...(libc ? { libc: [libc] } : {}),
      license: 'MIT',
    };
    added++;
  }
}
if (added) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`lock-platform-stubs: added ${added} entr${added === 1 ? 'y' : 'ies'}`);
