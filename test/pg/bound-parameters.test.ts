/**
 * PgService writes only fixed SQL text: every value, field name, sort key and id a client sends goes
 * in as a bound parameter. A recording driver captures each statement; the client's text (marked
 * HOSTILE) must never appear in the SQL, only among the parameters.
 */
import { describe, expect, it } from 'vitest';
import { PgService } from '../../runtime/framework/index.ts';
import type { PgDriver, PgRow } from '../../runtime/framework/index.ts';

const MARK = `HOSTILE'); DROP TABLE todos; --"`;

function recordingDriver(): { driver: PgDriver; statements: { sql: string; params: readonly unknown[] }[] } {
  const statements: { sql: string; params: readonly unknown[] }[] = [];
  const row: PgRow = { id: '0', data: {}, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
  const driver: PgDriver = {
    async query(sql, params = []) {
      statements.push({ sql, params });
      if (sql.startsWith('SELECT count')) return [{ total: 0 }];
      return sql.includes('RETURNING') || sql.startsWith('SELECT') ? [row] : [];
    },
    async close() {},
  };
  return { driver, statements };
}

describe('PgService SQL', () => {
  it('binds every value, field name, sort key and id a client sends', async () => {
    const { driver, statements } = recordingDriver();
    const service = new PgService({ table: 'todos', database: driver, paginate: { default: 5 }, multi: true });
    const query = {
      [MARK]: MARK,
      name: { $in: [MARK, 1], $nin: [MARK], $ne: MARK, $lt: MARK, $gte: '5' },
      $or: [{ [MARK]: true }, { age: { $gt: MARK } }],
      $and: [{ x: null }],
      $sort: { [MARK]: 1 },
      $select: [MARK],
      $limit: 3,
      $skip: 1,
    };
    await service.index({ query });
    await service.read(MARK, { query });
    await service.create({ [MARK]: MARK });
    await service.modify(MARK, { [MARK]: MARK }, { query });
    await service.modify(null, { [MARK]: MARK }, { query });
    await service.update(MARK, { [MARK]: MARK }, { query });
    await service.remove(MARK, { query });
    await service.remove(null, { query });
    expect(statements.length).toBeGreaterThan(10);
    for (const { sql, params } of statements) {
      expect(sql).not.toContain('HOSTILE');
      expect(sql).not.toMatch(/DROP/);
      // Each placeholder has its parameter.
      const highest = Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
      expect(params.length).toBe(highest);
    }
    expect(statements.some(({ params }) => params.includes(MARK))).toBe(true);
  });

  it('accepts only plain table names, since the name is written (quoted) into the SQL', () => {
    const database = recordingDriver().driver;
    for (const table of ['todos; DROP TABLE x', 'Todos', '1todos', 'to"dos', '', 'a'.repeat(52)]) {
      expect(() => new PgService({ table, database }), table).toThrow(/Invalid PgService table name/);
    }
    expect(() => new PgService({ table: 'todo_items_2', database })).not.toThrow();
  });
});
