// npm run new -- page /some/path
// npm run new -- article "Title" [--category "DMCA Guides"] [--author "Name"] [--date 2025-03-01]
// Writes a valid, commented starting file and never overwrites one.
import { newCommand } from './commands/new-command';

newCommand(process.argv.slice(2));
