/**
 * Every list answers a page past its end with no results and the list's real total (a client pages by
 * it), for users, visitors and the operator alike.
 */
import { beforeAll, expect, test } from 'vitest';
import { createOperator } from '../../server/services/operators.ts';
import type { OperatorClaim, Paged } from '../../server/contract/types.ts';
import type { Client } from './support/client.ts';
import { useServer } from './support/harness.ts';
import { conversion, network } from './support/partner.ts';

const t = useServer();
let op: Client;

beforeAll(async () => {
  op = t.api(await createOperator(t.server.db, 'paging'));
});

async function expectTotalPastEnd(api: Client, path: string): Promise<void> {
  const first = await api.get<{ results: unknown[]; metadata: { total: number } }>(path, { query: { limit: 1 } });
  expect(first.status, `${path}: ${first.text}`).toBe(200);
  expect(first.body.metadata.total, path).toBeGreaterThan(0);
  const past = await api.get<{ results: unknown[]; metadata: { total: number } }>(path, { query: { limit: 5, offset: 100_000 } });
  expect(past.status, past.text).toBe(200);
  expect(past.body.results, path).toEqual([]);
  expect(past.body.metadata.total, path).toBe(first.body.metadata.total);
}

test('a page past the end keeps the total on every list', async () => {
  const user = t.api(await t.userToken());
  for (const path of ['/project', '/application-users/targets', '/interests', '/site/categories', '/user-loyalty-transactions', '/shopping-trips', '/corporate-partners/favorites']) {
    await expectTotalPastEnd(user, path);
  }
  await expectTotalPastEnd(t.anon, '/site/categories');
  // An unmatched conversion and an operator's action, so those lists are not empty.
  expect((await network(t).send(conversion('no-such-click-ref-0001'))).status).toBe(202);
  const open = (await op.get<Paged<OperatorClaim>>('/operator/v1/claims')).body.results[0];
  expect((await op.post(`/operator/v1/claims/${open.id}/reject`, { reason: 'paging test' })).status).toBe(200);
  for (const path of ['/operator/v1/claims?status=all', '/operator/v1/conversions', '/operator/v1/actions']) await expectTotalPastEnd(op, path);
});
