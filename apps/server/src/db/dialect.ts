/** Which database engine a connection talks to; the few places that differ branch on it. */
export type DialectKind = 'sqlite' | 'postgres';
