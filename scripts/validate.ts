// npm run validate [-- --format github]: checks every file under site/ and prints all problems at once.
import { validateCommand } from './commands/validate-command';

validateCommand(process.argv.slice(2));
