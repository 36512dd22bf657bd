import { ConfigError, environmentForChildren, readConfig } from './config';
import { createServer, readSiteModel, StartError } from './create-server';
import { createPublisher, findProjectRoot } from './publish/publisher';
import { createLogger, type Logger } from './logging';
import { createStore } from './store/create-store';
import { chooseStore } from './store/store-choice';

/** npm start: read the configuration, build the server, listen, and shut down gracefully on SIGTERM or SIGINT. */
async function main(log: Logger, config: ReturnType<typeof readConfig>): Promise<void> {
  for (const warning of config.warnings) log.warn(warning);
  const storeConfig = {
    databaseUrl: config.databaseUrl ?? undefined,
    dataDir: config.dataDir,
    log: (message: string, err: unknown) => log.error({ err }, message),
  };
  log.info(`Leads are stored in ${chooseStore(storeConfig).description}`);
  const store = createStore(storeConfig);
  await store.init();
  const projectRoot = findProjectRoot(import.meta.dirname, process.cwd());
  const publisher = createPublisher({
    ...config.publish,
    // The folder the editor saves into is the one published.
    contentRoot: config.contentRoot,
    deployedBuild: config.distDir,
    store,
    log,
    env: environmentForChildren(),
    projectRoot,
    // Called only after the server below exists: on a publish, a rollback or a poll.
    prepare: (folder) => server.prepareBuild(folder),
  });
  // The live release when there is one; the deployed build (DIST_DIR) before the first publish.
  const buildDir = (await publisher.liveFolder()) ?? config.distDir;
  if (buildDir !== config.distDir) log.info(`Serving release ${publisher.serving} from ${buildDir}`);
  const model = readSiteModel(buildDir, log);
  const server = createServer(config, { store, logger: log, model, buildDir, publisher });
  log.info(`Serving http://localhost:${await server.listen()}`);
  publisher.start();
  const shutdown = async (signal: NodeJS.Signals) => {
    log.info(`${signal} received, finishing in-flight requests…`);
    publisher.stop();
    // A close that fails has said why (page views it could not write): the store is closed all the
    // same, and the exit code tells the supervisor something was lost.
    const closed = await server.close().then(
      () => true,
      () => false,
    );
    await store.close();
    process.exit(closed ? 0 : 1);
  };
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    shutdown(signal).catch((err: unknown) => {
      log.fatal({ err }, 'Shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
} catch (err) {
  // Said in the default level: a bad LOG_LEVEL is one of the things that can be wrong.
  createLogger().fatal((err as ConfigError).message);
  process.exit(1);
}
const log = createLogger({ level: config.logLevel });
main(log, config).catch((err: unknown) => {
  if (err instanceof StartError) log.fatal(err.message);
  else log.fatal({ err }, 'The server could not start');
  process.exit(1);
});
