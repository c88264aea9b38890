// A database of its own inside a shared PostgreSQL for one benchmark or hardening check, dropped
// afterwards, so it never touches the data of anyone else using the same server; and the one-statement
// admin connection the test schemas use too.
import pg from 'pg';

const CONNECT_TIMEOUT_MS = 3_000;

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** `prefix` names the user, e.g. 'hardening' or 'bench'; the database is `<prefix>_<pid>_<label>`. */
export async function createScratchDatabase(postgresUrl: string, prefix: string, label: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${label}`;
  await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(postgresUrl, `CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // FORCE: an API process killed on purpose may have left sessions behind.
    drop: () => adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export async function adminQuery(connectionString: string, sql: string): Promise<void> {
  // A server that is not there fails in seconds, not at the OS's TCP timeout.
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
