// Stripe's form encoding, as the local fake of the Stripe API (fake-stripe.ts) reads stripe-node's requests.

type Obj = Record<string, unknown>;

/** `a[b][c]=1&a[d][0]=x` → nested objects (arrays as index-keyed objects turned into arrays). */
export function parseForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        if (!node[part]) node[part] = {};
        node = node[part] as Obj;
      }
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const obj = value as Obj;
    const keys = Object.keys(obj);
    if (keys.length && keys.every((k) => /^\d+$/.test(k))) return keys.map((k) => arrays(obj[k]));
    return Object.fromEntries(keys.map((k) => [k, arrays(obj[k])]));
  };
  return arrays(root) as Obj;
}
