// Verify Cloud Agents webhook deliveries (Go 1.18+, standard library only).
//
// An endpoint signs in one of two schemes (its signing_scheme):
//
//   - webhook_signature (default): "Webhook-Signature: t=<unix seconds>,v1=<hex>", the hex
//     HMAC-SHA256 keyed with the UTF-8 bytes of the whole secret ("whsec_" included) of
//     "<t>.<raw body>".
//   - standard_webhooks: "webhook-id", "webhook-timestamp" and "webhook-signature: v1,<base64>",
//     the base64 HMAC-SHA256 keyed with the base64-decoded part of the secret after "whsec_" of
//     "<id>.<timestamp>.<raw body>".
//
// During a secret rotation a delivery carries two signatures (the new secret's first): any match
// is enough. Copy VerifyWebhook (and what it calls) into your package; in a net/http handler:
//
//	body, _ := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
//	envelope, err := VerifyWebhook(body, r.Header, []string{os.Getenv("WEBHOOK_SECRET")}, 600*time.Second, time.Now())
//
// Or run it: go run verify_webhook.go -secret whsec_... -body-file body.json -header 'Webhook-Signature: t=...'
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// VerificationError is a delivery that must be rejected; Code is stable.
type VerificationError struct {
	Code    string
	Message string
}

func (e *VerificationError) Error() string { return e.Code + ": " + e.Message }

func fail(code, message string) error { return &VerificationError{Code: code, Message: message} }

var (
	hexSignature      = regexp.MustCompile(`^[0-9a-fA-F]{64}$`)
	standardSignature = regexp.MustCompile(`^v1,[A-Za-z0-9+/]{43}=$`)
	unixSeconds       = regexp.MustCompile(`^\d{1,12}$`)
	schemeWebhookSig  = regexp.MustCompile(`(^|,)\s*t=`)
)

// SignWebhookSignature is the webhook_signature v1 value (hex) of a body.
func SignWebhookSignature(secret string, timestamp int64, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret)) // the whole string, whsec_ included
	fmt.Fprintf(mac, "%d.", timestamp)
	mac.Write(body)
	return hex.EncodeToString(mac.Sum(nil))
}

// SignStandard is the standard_webhooks v1 value (base64) of a body.
func SignStandard(secret, id string, timestamp int64, body []byte) (string, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil || len(key) == 0 {
		return "", fail("bad_secret", "with standard_webhooks the key is the base64-decoded part of the secret after whsec_, and this secret is not standard base64")
	}
	mac := hmac.New(sha256.New, key)
	fmt.Fprintf(mac, "%s.%d.", id, timestamp)
	mac.Write(body)
	return base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// VerifyWebhook checks a delivery in either scheme and returns the parsed envelope.
func VerifyWebhook(body []byte, header http.Header, secrets []string, tolerance time.Duration, now time.Time) (map[string]any, error) {
	if len(secrets) == 0 {
		return nil, fail("bad_secret", "no signing secret was given")
	}
	for _, s := range secrets {
		if !strings.HasPrefix(s, "whsec_") {
			return nil, fail("bad_secret", "the signing secret is the whole string returned by the service, whsec_ prefix included")
		}
	}
	value := header.Get("Webhook-Signature")
	if strings.TrimSpace(value) == "" {
		return nil, fail("missing_header", "the request has no webhook-signature header")
	}
	var t int64 = -1
	var candidates [][]byte
	var compute func(secret string) ([]byte, error)
	if schemeWebhookSig.MatchString(value) {
		for _, part := range strings.Split(value, ",") {
			k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
			switch {
			case k == "t" && unixSeconds.MatchString(v):
				t, _ = strconv.ParseInt(v, 10, 64)
			case k == "v1" && hexSignature.MatchString(v):
				b, _ := hex.DecodeString(v)
				candidates = append(candidates, b)
			}
		}
		if t < 0 || len(candidates) == 0 {
			return nil, fail("malformed_header", "Webhook-Signature must look like t=<unix seconds>,v1=<64 hex digits>")
		}
		compute = func(secret string) ([]byte, error) {
			return hex.DecodeString(SignWebhookSignature(secret, t, body))
		}
	} else {
		for _, part := range strings.Fields(value) {
			if standardSignature.MatchString(part) {
				b, _ := base64.StdEncoding.DecodeString(part[3:])
				candidates = append(candidates, b)
			}
		}
		if len(candidates) == 0 {
			return nil, fail("malformed_header", "webhook-signature must look like v1,<base64 of 32 bytes>")
		}
		id, stamp := header.Get("Webhook-Id"), header.Get("Webhook-Timestamp")
		if id == "" || !unixSeconds.MatchString(stamp) {
			return nil, fail("missing_header", "a standard_webhooks delivery is verified with its webhook-id and webhook-timestamp headers too")
		}
		t, _ = strconv.ParseInt(stamp, 10, 64)
		compute = func(secret string) ([]byte, error) {
			sig, err := SignStandard(secret, id, t, body)
			if err != nil {
				return nil, err
			}
			return base64.StdEncoding.DecodeString(sig)
		}
	}
	if d := now.Sub(time.Unix(t, 0)); d > tolerance || d < -tolerance {
		return nil, fail("timestamp_out_of_tolerance", fmt.Sprintf("the signature timestamp is %d s from now: a replay, or a wrong clock (check NTP)", int64(d.Seconds())))
	}
	for _, secret := range secrets {
		expected, err := compute(secret)
		if err != nil {
			return nil, err
		}
		for _, c := range candidates {
			if hmac.Equal(expected, c) { // constant time
				var envelope map[string]any
				if err := json.Unmarshal(body, &envelope); err != nil {
					return nil, fail("invalid_json", "the signature is valid but the body is not JSON")
				}
				return envelope, nil
			}
		}
	}
	return nil, fail("signature_mismatch", "no v1 signature matches: check the secret (a rotation gives a new one) and that the body is the exact bytes received")
}

type headerFlags []string

func (h *headerFlags) String() string     { return strings.Join(*h, "; ") }
func (h *headerFlags) Set(v string) error { *h = append(*h, v); return nil }

func main() {
	secret := flag.String("secret", os.Getenv("WEBHOOK_SECRET"), "whsec_... (several, comma-separated, while rotating)")
	bodyFile := flag.String("body-file", "", "the raw body, byte for byte")
	sign := flag.Bool("sign", false, "print the signature headers instead of verifying")
	scheme := flag.String("scheme", "webhook_signature", "webhook_signature or standard_webhooks (with -sign)")
	id := flag.String("id", "", "standard_webhooks: the delivery id to sign")
	timestamp := flag.Int64("timestamp", 0, "the signing time in unix seconds (default now)")
	tolerance := flag.Int("tolerance", 600, "seconds")
	var headers headerFlags
	flag.Var(&headers, "header", "'Name: value', repeatable")
	flag.Parse()
	body, err := os.ReadFile(*bodyFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	secrets := []string{}
	for _, s := range strings.Split(*secret, ",") {
		if s != "" {
			secrets = append(secrets, s)
		}
	}
	if *sign {
		t := *timestamp
		if t == 0 {
			t = time.Now().Unix()
		}
		var sigs []string
		for _, s := range secrets {
			if *scheme == "standard_webhooks" {
				sig, err := SignStandard(s, *id, t, body)
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
				sigs = append(sigs, "v1,"+sig)
			} else {
				sigs = append(sigs, "v1="+SignWebhookSignature(s, t, body))
			}
		}
		if *scheme == "standard_webhooks" {
			fmt.Printf("webhook-id: %s\nwebhook-timestamp: %d\nwebhook-signature: %s\n", *id, t, strings.Join(sigs, " "))
		} else {
			fmt.Printf("Webhook-Signature: t=%d,%s\n", t, strings.Join(sigs, ","))
		}
		return
	}
	h := http.Header{}
	for _, line := range headers {
		name, value, _ := strings.Cut(line, ":")
		h.Add(strings.TrimSpace(name), strings.TrimSpace(value))
	}
	envelope, err := VerifyWebhook(body, h, secrets, time.Duration(*tolerance)*time.Second, time.Now())
	var verr *VerificationError
	if errors.As(err, &verr) {
		fmt.Fprintf(os.Stderr, "invalid (%s): %s\n", verr.Code, verr.Message)
		os.Exit(1)
	}
	data, _ := envelope["data"].(map[string]any)
	fmt.Printf("valid: %v %v\n", envelope["id"], data["type"])
}
