CREATE TABLE "national_photo_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "national_photo_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_detail_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"job_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "national_report_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "national_report_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_id" integer NOT NULL,
	"scope" jsonb NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"failed_calls" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "national_report_receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "national_report_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"call_id" text NOT NULL,
	"ref" text NOT NULL,
	"zjhm_hash" text,
	"xh" text,
	"xm" text NOT NULL,
	"yxdm" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"accepted" boolean NOT NULL,
	"reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forms" ALTER COLUMN "storage_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "original_name" text;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "national_photo_report_uq" ON "national_photo_reports" USING btree ("order_detail_id","photo_id");--> statement-breakpoint
CREATE INDEX "national_photo_report_job_idx" ON "national_photo_reports" USING btree ("job_id","status");--> statement-breakpoint
CREATE INDEX "national_receipt_call_idx" ON "national_report_receipts" USING btree ("call_id");