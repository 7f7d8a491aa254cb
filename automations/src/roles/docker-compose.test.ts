import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { workerQueues } from './role-automations.ts';

// docker-compose.yml is the scaled-out shape of the README; the process test of the CLI
// (packages/cli/test/reliability/scale-out-shape.integration.test.ts) starts the same roles.

type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: unknown;
  ports?: string[];
  configs?: Array<{ source: string; target: string }>;
};
type Compose = { services: Record<string, Service>; configs: Record<string, { content: string }> };

const compose = parse(
  readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8'),
  { merge: true },
) as Compose;

const roleOf = (service: Service) => {
  const command = service.command ?? [];
  return command[0] === 'node' ? command[command.indexOf('packages/cli/src/main.js') + 1] : null;
};

describe('docker-compose.yml', () => {
  const services = Object.entries(compose.services);
  const named = (role: string) =>
    services.filter(([, service]) => roleOf(service) === role).map(([name]) => name);

  it('runs one writer, two gateways and two workers of pocketnet', () => {
    expect(named('writer')).toEqual(['writer']);
    expect(named('gateway')).toEqual(['gateway-1', 'gateway-2']);
    expect(named('worker')).toEqual(['worker-1', 'worker-2']);
    expect(workerQueues).not.toContain('sv-automation');
  });

  it('meets in one Redis that keeps its keys and fsyncs its AOF before acknowledging', () => {
    const command = compose.services.redis?.command?.join(' ') ?? '';
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--appendfsync always');
    expect(command).toContain('--maxmemory-policy noeviction');
    for (const [name, service] of services) {
      if (roleOf(service) === null) continue;
      expect(service.environment?.REDIS_URL, name).toBe('redis://redis:6379');
      expect(service.environment?.POCKETNET_REDIS_PREFIX, name).toBe('pocketnet');
    }
  });

  it('puts both gateways, listening on every interface, behind one published port', () => {
    for (const name of named('gateway')) {
      expect(compose.services[name]?.command).toEqual(
        expect.arrayContaining(['--host', '0.0.0.0']),
      );
    }
    const balancer = compose.services.gateways;
    expect(balancer?.ports).toEqual(['7575:7575']);
    const config = compose.configs[balancer?.configs?.[0]?.source ?? '']?.content ?? '';
    expect(config).toContain('server gateway-1:7575;');
    expect(config).toContain('server gateway-2:7575;');
    // WebSocket upgrades pass through (the Ledger API's and GraphQL's streams).
    expect(config).toContain('proxy_set_header Upgrade $$http_upgrade;');
  });
});
