/**
 * One shared IndexedDB connection per database (the policy and audit databases): opened on first
 * use, opened again after a failed attempt, and forgotten (and closed) when the browser closes it
 * or a newer version of the database wants it, so the next use opens a fresh one.
 */
export function sharedConnection(open: () => Promise<IDBDatabase>): () => Promise<IDBDatabase> {
  let connection: Promise<IDBDatabase> | null = null;
  return () => {
    if (connection !== null) return connection;
    const opening = open().then((db) => {
      const forget = () => {
        if (connection === opening) connection = null;
        db.close();
      };
      db.onversionchange = forget;
      db.onclose = forget;
      return db;
    });
    connection = opening;
    opening.catch(() => {
      if (connection === opening) connection = null;
    });
    return opening;
  };
}
