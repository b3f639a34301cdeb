/** The admin module's public surface: console use cases, seeding, communications. */
export { seedDemo, seedDemoIfEmpty, addSeedStep, DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-seed.server';
