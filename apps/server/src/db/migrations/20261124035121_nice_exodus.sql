CREATE TABLE "parcels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parcels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"waybill_no" text NOT NULL,
	"carrier_code" text,
	"provider" text NOT NULL,
	"subscribed_at" timestamp with time zone,
	"subscribe_error" text,
	"state" text,
	"last_event_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_order_uq" ON "parcels" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "parcels_waybill_idx" ON "parcels" USING btree ("waybill_no");--> statement-breakpoint
CREATE INDEX "parcels_state_idx" ON "parcels" USING btree ("state","last_event_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trace_event_uq" ON "trace_events" USING btree ("waybill_no","op_time","op_desc");