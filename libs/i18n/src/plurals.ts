/** Arabic has more plural forms than English (zero, two, few = 3–10, many = 11–99). */
export type ArabicPlurals<K extends string> = Record<
  `${K}_zero` | `${K}_two` | `${K}_few` | `${K}_many`,
  string
>;
