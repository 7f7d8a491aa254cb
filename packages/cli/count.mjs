import { enableCompileCache, registerHooks } from 'node:module';

enableCompileCache();
const counts = new Map();
registerHooks({
  load(url, ctx, next) {
    let k = url.replace(/.*node_modules\//, 'nm:').replace(/.*wt-newcomer\//, '');
    k = k.startsWith('nm:')
      ? k
          .split('/')
          .slice(0, k.startsWith('nm:@') ? 2 : 1)
          .join('/')
      : k.split('/').slice(0, 2).join('/');
    counts.set(k, (counts.get(k) || 0) + 1);
    return next(url, ctx);
  },
});
const t = performance.now();
await import(process.argv[2] ?? './src/start.command.ts');
console.log(Math.round(performance.now() - t));
let tot = 0;
for (const v of counts.values()) tot += v;
console.log('total', tot);
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v, k);
