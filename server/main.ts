import { buildApp } from './app';
import { configFromEnv } from './config';
import { DEMO_USERS } from './demo/tenants';

const config = configFromEnv();
const app = await buildApp(config, { logger: true });

const close = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host}:${config.port}`;
console.log(`\nCDN customer portal: ${url}`);
if (config.demo) {
  console.log('Demo sign-ins:');
  for (const u of DEMO_USERS) console.log(`  ${u.username.padEnd(12)} ${u.password}`);
}
