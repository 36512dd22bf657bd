// npm run check-links [-- --built] [-- --format github]: every internal link, button, canonical and anchor must resolve
// (scripts/commands/check-links-command.ts says what it checks).
import { checkLinksCommand } from './commands/check-links-command';

checkLinksCommand(process.argv.slice(2));
