CREATE TABLE "member_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"params" jsonb NOT NULL,
	"event_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"order_id" integer,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"params" jsonb NOT NULL,
	"idem_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_prefs" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"task_deadline" boolean DEFAULT true NOT NULL,
	"parcel_signed" boolean DEFAULT true NOT NULL,
	"lang" text DEFAULT 'zh' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_messages_event_uq" ON "member_messages" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "member_messages_member_idx" ON "member_messages" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_deliveries_idem_uq" ON "notice_deliveries" USING btree ("idem_key");--> statement-breakpoint
CREATE INDEX "notice_deliveries_due_idx" ON "notice_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notice_deliveries_order_idx" ON "notice_deliveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "notice_deliveries_member_idx" ON "notice_deliveries" USING btree ("member_id","sent_at");