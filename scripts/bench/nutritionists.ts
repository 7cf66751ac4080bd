/**
 * Nutritionists for a benchmark's seed, written directly. The people module is loaded on first use, once
 * the benchmark's stack has set the environment it reads.
 */
import { randomUUID } from 'node:crypto';

export const putBenchNutritionists = async (count: number) => {
  const { putNutritionist } = await import('../../tests/integration/support/people');
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const id = randomUUID();
    await putNutritionist({
      id,
      userName: `bench-${id}`,
      email: `bench-${id.slice(0, 8)}@nutri.test`,
      name: 'Chiara',
      displayName: `Chiara Verdi ${id.slice(0, 4)}`,
      passwordHash: null,
    });
    ids.push(id);
  }
  return ids;
};
