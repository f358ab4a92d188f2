// Command paypalsim stands in for PayPal's Payouts API (v1) under `make
// run`, as stripe-mock does for Stripe: a workspace connects any client id
// and secret to it and sends its payout batches there (see package
// internal/paypal/paypalsim for what it answers and its control routes).
//
//	go run ./cmd/paypalsim -addr 127.0.0.1:12112
//
// Point the server at it with PAYPAL_API_URL and PAYPAL_SANDBOX_API_URL.
package main

import (
	"errors"
	"flag"
	"log"
	"net/http"
	"time"

	"github.com/reeltrack/reeltrack/internal/paypal/paypalsim"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:12112", "the address to listen on")
	flag.Parse()
	srv := &http.Server{Addr: *addr, Handler: paypalsim.New(nil).Handler(), ReadHeaderTimeout: 10 * time.Second}
	log.Printf("paypalsim: PayPal's Payouts API stand-in on http://%s", *addr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
