-- The audit log is append-only for the API: it may add and read entries, never change them.
REVOKE UPDATE, DELETE ON "audit_log" FROM salud_app;
--> statement-breakpoint
-- GET /api/health reports the schema version from the migrator's own journal.
GRANT USAGE ON SCHEMA drizzle TO salud_app;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO salud_app;
