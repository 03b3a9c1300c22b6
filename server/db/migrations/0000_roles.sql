-- The role the API runs as. It owns no table and cannot bypass row-level security, so a query
-- that forgets its tenant filter still sees only the tenant set by the transaction.
-- Roles are cluster-wide, so create it only once per cluster.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'salud_app') THEN
    CREATE ROLE salud_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO salud_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO salud_app;
