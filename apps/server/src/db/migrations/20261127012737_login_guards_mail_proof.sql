CREATE TABLE "staff_login_guards" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "mail_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "staff_login_guards_updated_idx" ON "staff_login_guards" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "login_failures";--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "locked_until";