// A database of its own inside a shared PostgreSQL for one benchmark, hardening check or test file,
// dropped afterwards, so it never touches the data of anyone else using the same server; and the
// one-statement admin connection that creates and drops them.
import pg from 'pg';

const CONNECT_TIMEOUT_MS = 3_000;

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * `prefix` names the user, e.g. 'hardening' or 'bench'; the database is `<prefix>_<pid>_<label>`, a copy
 * of `template` when given (no session may be connected to that one meanwhile).
 */
export async function createScratchDatabase(postgresUrl: string, prefix: string, label: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${label}`;
  await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(postgresUrl, `CREATE DATABASE ${name}${template === undefined ? '' : ` TEMPLATE ${template}`}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // FORCE: an API process killed on purpose may have left sessions behind.
    drop: async () => {
      await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function adminQuery<Row = unknown>(connectionString: string, sql: string): Promise<Row[]> {
  // A server that is not there fails in seconds, not at the OS's TCP timeout.
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Row[];
  } finally {
    await client.end();
  }
}
