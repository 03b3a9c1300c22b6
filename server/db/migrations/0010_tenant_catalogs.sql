CREATE TABLE "medicine_presentations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"medicine_id" uuid NOT NULL,
	"name" text NOT NULL,
	"dose" text NOT NULL,
	"quantity" text,
	"frequency" text,
	"duration" text,
	"via" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "medicine_presentations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "medicine_presentations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "medicines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "medicines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "medicines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "special_labels" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"icon" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "special_labels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "special_labels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "special_sublabels" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"special_label_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "special_sublabels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "special_sublabels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tenant_catalog_versions" (
	"tenant_id" uuid NOT NULL,
	"catalog" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_catalog_versions_tenant_id_catalog_pk" PRIMARY KEY("tenant_id","catalog")
);
--> statement-breakpoint
ALTER TABLE "tenant_catalog_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "special_sublabel_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "medicine_presentations" ADD CONSTRAINT "medicine_presentations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_presentations" ADD CONSTRAINT "medicine_presentations_tenant_id_medicine_id_medicines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","medicine_id") REFERENCES "public"."medicines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_labels" ADD CONSTRAINT "special_labels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_sublabels" ADD CONSTRAINT "special_sublabels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_sublabels" ADD CONSTRAINT "special_sublabels_tenant_id_special_label_id_special_labels_tenant_id_id_fk" FOREIGN KEY ("tenant_id","special_label_id") REFERENCES "public"."special_labels"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_catalog_versions" ADD CONSTRAINT "tenant_catalog_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medicine_presentations_dose_unique" ON "medicine_presentations" USING btree ("tenant_id","medicine_id",lower("name"),lower("dose")) WHERE "medicine_presentations"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "medicines_name_unique" ON "medicines" USING btree ("tenant_id",lower("name")) WHERE "medicines"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "special_sublabels_label_idx" ON "special_sublabels" USING btree ("tenant_id","special_label_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "medicine_presentations" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "medicines" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "special_labels" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "special_sublabels" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_catalog_versions" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Tenant catalogue rows are deleted softly: a patient's labels and an active medication keep
-- pointing at them (docs/decisions/0015-tenant-catalogs.md). The API never deletes one.
REVOKE DELETE ON "special_labels", "special_sublabels", "medicines", "medicine_presentations", "tenant_catalog_versions" FROM salud_app;
