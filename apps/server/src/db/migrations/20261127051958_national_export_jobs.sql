CREATE TABLE "national_export_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "national_export_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"export_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_detail_id" integer,
	"yxdm" text NOT NULL,
	"name" text,
	"crc32" bigint DEFAULT 0 NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"line" text,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "state" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "branch" text;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "left_out" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "cursor_yxdm" text;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "cursor_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "national_exports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "national_export_files_idx" ON "national_export_files" USING btree ("export_id","kind","yxdm");--> statement-breakpoint
CREATE INDEX "national_export_state_idx" ON "national_exports" USING btree ("state");