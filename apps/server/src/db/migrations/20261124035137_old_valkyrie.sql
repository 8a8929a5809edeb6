CREATE TABLE "binding_disputes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "binding_disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"yxdm" text NOT NULL,
	"student_id" text NOT NULL,
	"national_student_id" integer NOT NULL,
	"claimant_id" integer NOT NULL,
	"held_binding_id" integer NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bindings" ADD COLUMN "proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bindings" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "binding_disputes" ADD CONSTRAINT "binding_disputes_claimant_id_members_id_fk" FOREIGN KEY ("claimant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binding_disputes" ADD CONSTRAINT "binding_disputes_held_binding_id_bindings_id_fk" FOREIGN KEY ("held_binding_id") REFERENCES "public"."bindings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binding_disputes" ADD CONSTRAINT "binding_disputes_resolved_by_staff_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "binding_dispute_open_uq" ON "binding_disputes" USING btree ("yxdm","student_id") WHERE state = 1;--> statement-breakpoint
CREATE INDEX "binding_dispute_state_idx" ON "binding_disputes" USING btree ("state","created_at");