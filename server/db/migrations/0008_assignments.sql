CREATE TABLE "assignation_rules" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"filters" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "assignation_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "assignation_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "assignment_history" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"request_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "assignment_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "assignment_request_patients" (
	"tenant_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "assignment_request_patients_tenant_id_request_id_patient_id_pk" PRIMARY KEY("tenant_id","request_id","patient_id")
);
--> statement-breakpoint
ALTER TABLE "assignment_request_patients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "assignment_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_by" uuid,
	"state" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "assignment_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "patient_assignments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rule_id" uuid,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	CONSTRAINT "patient_assignments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "patient_assignments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "change_log" ADD COLUMN "audience" uuid;--> statement-breakpoint
ALTER TABLE "assignation_rules" ADD CONSTRAINT "assignation_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignation_rules" ADD CONSTRAINT "assignation_rules_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_history" ADD CONSTRAINT "assignment_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_request_patients" ADD CONSTRAINT "assignment_request_patients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_request_patients" ADD CONSTRAINT "assignment_request_patients_tenant_id_request_id_assignment_requests_tenant_id_id_fk" FOREIGN KEY ("tenant_id","request_id") REFERENCES "public"."assignment_requests"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_request_patients" ADD CONSTRAINT "assignment_request_patients_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_requests" ADD CONSTRAINT "assignment_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_requests" ADD CONSTRAINT "assignment_requests_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_assignments" ADD CONSTRAINT "patient_assignments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_assignments" ADD CONSTRAINT "patient_assignments_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_assignments" ADD CONSTRAINT "patient_assignments_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_history_pair_idx" ON "assignment_history" USING btree ("tenant_id","user_id","patient_id","at");--> statement-breakpoint
CREATE INDEX "assignment_request_patients_patient_idx" ON "assignment_request_patients" USING btree ("tenant_id","patient_id");--> statement-breakpoint
CREATE INDEX "assignment_requests_state_idx" ON "assignment_requests" USING btree ("tenant_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_assignments_open_unique" ON "patient_assignments" USING btree ("tenant_id","patient_id","user_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "patient_assignments_user_idx" ON "patient_assignments" USING btree ("tenant_id","user_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "change_log_patient_idx" ON "change_log" USING btree ("tenant_id","patient_id","txid","seq");--> statement-breakpoint
CREATE INDEX "change_log_audience_idx" ON "change_log" USING btree ("tenant_id","audience","txid","seq") WHERE audience is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "assignation_rules" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "assignment_history" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "assignment_request_patients" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "assignment_requests" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "patient_assignments" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- The history of assignments is a record of who decided what: the API adds to it, never rewrites it.
REVOKE UPDATE, DELETE ON "assignment_history" FROM salud_app;--> statement-breakpoint
-- Until now every holder of patients-index saw every patient. Administrator-type profiles keep
-- that through the all-assignments permission; health-professional profiles now see their
-- assignments (docs/decisions/0009-assignments.md).
INSERT INTO "role_permissions" ("tenant_id", "role_id", "permission")
SELECT rp."tenant_id", rp."role_id", 'assignments.all'
  FROM "role_permissions" rp
  JOIN "roles" r ON r."tenant_id" = rp."tenant_id" AND r."id" = rp."role_id"
 WHERE rp."permission" = 'patients-index' AND r."role_type" = 'administrator'
ON CONFLICT DO NOTHING;
