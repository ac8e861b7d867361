import { ensureAdmin } from '#server/features/auth/index.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/dir-lock.ts';
import { isEmptyDatabase, seedDemo } from './db/seed.ts';
import { createServices } from './deps.ts';
import { startWorkers } from './workers.ts';

// Ends the process with a code, once shutdown (or a failed start) has done what it can.
const endProcess: (code: number) => never = process.exit.bind(process);

function banner(lines: string[]) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const rule = '='.repeat(width);
  process.stdout.write(`\n${rule}\n${lines.map((l) => `  ${l}`).join('\n')}\n${rule}\n\n`);
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();

  const services = await createServices(config, database);
  const wasEmpty = await isEmptyDatabase(database.db);
  const admin = await ensureAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  const seed = config.seedDemo ?? (wasEmpty && database.kind === 'pglite');
  const demo =
    seed && wasEmpty
      ? await seedDemo(database.db, {
          studentPassword: config.demoStudentPassword,
          objectStore: services.objectStore,
        })
      : null;

  const app = await buildApp(config, { database, services });
  const workers = startWorkers(app);
  await app.listen({ port: config.port, host: config.host });

  const lines: string[] = [`TradeSkills is running at ${config.publicUrl}`];
  if (admin?.generatedPassword) {
    lines.push('', 'Admin account created (this password is shown once):');
    lines.push(`  Email:    ${admin.email}`, `  Password: ${admin.generatedPassword}`);
  } else if (admin) {
    lines.push('', `Admin account created: ${admin.email}`);
  }
  if (demo) {
    lines.push('', 'Demo student (enrolled in a demo course):');
    lines.push(`  Email:    ${demo.studentEmail}`, `  Password: ${demo.studentPassword}`);
  }
  banner(lines);

  // SIGTERM: stop taking connections, let in-flight requests and the mail send in progress finish (the outbox
  // worker claims nothing new once stopping), then close the database; past the time limit, exit anyway (a mail
  // cut off mid-send is claimed again when its lease ends, see lib/mail/outbox.service.ts).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ limitMs: config.shutdownTimeoutMs }, 'shutdown time limit reached; exiting');
      endProcess(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await Promise.all([app.close(), workers.stop()]);
      await database.close();
      app.log.info('shut down cleanly');
      endProcess(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      endProcess(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  endProcess(1);
});
