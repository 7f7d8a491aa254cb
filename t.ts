import { readFileSync } from 'node:fs';
import { readDar, decodeEnvelope } from './packages/daml-lf/src/index.ts';
const want = process.argv.slice(2);
const dar = readDar(new Uint8Array(readFileSync('../shared/dars/splice-dso-governance-0.1.26.dar')));
const show = (t: any): string => JSON.stringify(t).replace(/"packageId":"[0-9a-f]+",?/g,'').replace(/"tag":/g,'').slice(0, 160);
for (const a of dar.archives) { const pkg = decodeEnvelope(a); if (!pkg.metadata.name.startsWith('splice')) continue;
 for (const [mn, m] of pkg.modules) for (const [dn, d] of (m as any).dataTypes) if (want.includes(dn)) {
  console.log('==', pkg.metadata.name, mn, dn, d.tag);
  for (const f of d.fields ?? d.variants ?? []) console.log('   ', f.field ?? f.name, show(f.type));
 }}
