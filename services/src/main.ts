import { areas } from './areas.js';
import { loadConfig } from './platform/config/config.js';
import { createApp } from './create-app.js';
import { keepFilesPrivate } from './platform/private-files.js';
import { FirstStartRefused } from './first-start.js';

// Nothing this process writes is readable by group or others (personal data and keys; decision 136).
keepFilesPrivate();

const config = loadConfig();
const { app, firstStart } = await createApp(config, areas).catch((error: unknown) => {
  if (!(error instanceof FirstStartRefused)) throw error;
  console.error(`\nCoop Ledger did not start. ${error.message}`);
  process.exit(1);
});
// Every interface, as before the move to Fastify (whose own default is localhost only): the product runs in containers.
await app.listen(config.port, '0.0.0.0');
const url = `http://localhost:${config.port}`;
console.log(`\nCoop Ledger is running at ${url}  (API ${url}/api/v1, OpenAPI ${url}/api/docs)`);
console.log(`Data directory: ${config.dataDir}`);
if (firstStart?.generatedPassword) {
  console.log(
    `First start: sign in as "${firstStart.username}" with the generated password: ${firstStart.generatedPassword}`,
  );
  console.log('It is shown only this once. Change it under Users after signing in.');
} else if (firstStart) {
  console.log(`First start: sign in as "${firstStart.username}" with the password from ADMIN_PASSWORD.`);
} else {
  console.log('Sign in with an existing user (the first administrator was created on the first start).');
}
