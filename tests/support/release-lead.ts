// Releases one quarantined lead from its own process, for the test that kills a release mid-way:
// node --import tsx tests/support/release-lead.ts <postgresql-url> <lead-id>
import { createPostgresStore } from '../../server/store/postgres';

const [connectionString, leadId] = process.argv.slice(2);
const store = createPostgresStore({ connectionString: connectionString! });
await store.init();
await store.inbox.releaseLead(leadId!, 'killed@example.com');
await store.close();
