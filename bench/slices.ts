import autocannon from 'autocannon';

// Side-by-side throughput in many short slices in turning order, pooled (README 'Performance'): this machine's
// speed moves by a third within minutes, and a slow minute then falls on every side alike instead of on one
// side's whole run. Each slice's load generator runs in its own thread, so it does not share the servers' event
// loop.

export interface Side {
  url: string;
  headers?: Record<string, string>;
}

export interface SliceOptions {
  rounds: number;
  sliceS: number;
  connections: number;
}

export interface Pooled<K extends string> {
  /** Requests per second over all of a side's slices. */
  rate: Record<K, number>;
  /** The worst p99 latency of any of a side's slices, in ms. */
  p99: Record<K, number>;
  /** Per round, each side's requests over `against`'s (for the spread). */
  ratios: (side: K, against: K) => number[];
}

export async function interleaved<K extends string>(
  sides: Record<K, Side>,
  { rounds, sliceS, connections }: SliceOptions,
): Promise<Pooled<K>> {
  const names = Object.keys(sides) as K[];
  const slice = async (side: K, seconds: number) => {
    const { url, headers } = sides[side];
    const result = await autocannon({ url, headers, connections, duration: seconds, workers: 1 });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  };
  for (const side of names) await slice(side, 1); // warm-up
  const perRound: Record<K, number>[] = [];
  const total = Object.fromEntries(names.map((n) => [n, 0])) as Record<K, number>;
  const p99 = Object.fromEntries(names.map((n) => [n, 0])) as Record<K, number>;
  for (let round = 0; round < rounds; round++) {
    const got = {} as Record<K, number>;
    for (let i = 0; i < names.length; i++) {
      const side = names[(i + round) % names.length]!;
      const result = await slice(side, sliceS);
      got[side] = result.requests.total;
      total[side] += result.requests.total;
      p99[side] = Math.max(p99[side], result.latency.p99);
    }
    perRound.push(got);
  }
  const rate = Object.fromEntries(names.map((n) => [n, total[n] / (rounds * sliceS)])) as Record<K, number>;
  return { rate, p99, ratios: (side, against) => perRound.map((r) => r[side] / r[against]) };
}

/** The range and quartiles of per-round ratios: how much the machine moved under the pooled figure. */
export function spread(values: number[]): string {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.round(q * (sorted.length - 1))]!.toFixed(2);
  return `${at(0)}–${at(1)}, quartiles ${at(0.25)}, ${at(0.5)}, ${at(0.75)}`;
}
