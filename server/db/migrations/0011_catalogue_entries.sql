CREATE TABLE "catalogue_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"catalogue" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"code" text,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "catalogue_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "catalogue_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "catalogue_entries" ADD CONSTRAINT "catalogue_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_entries_name_unique" ON "catalogue_entries" USING btree ("tenant_id","catalogue",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name_key") WHERE "catalogue_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "catalogue_entries_parent_idx" ON "catalogue_entries" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "catalogue_entries" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Catalogue values are deleted softly: old records keep pointing at them
-- (docs/decisions/0018-catalogues.md). The API never deletes one.
REVOKE DELETE ON "catalogue_entries" FROM salud_app;
