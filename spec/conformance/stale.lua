-- spec/conformance/stale.lua — tests whose expected values (expected.lua)
-- predate a change of the conformance kernel, until a GPU run rewrites
-- them.  Each entry names a test and the sha256 that expected.lua holds
-- for it, the old kernel's.  An entry counts while expected.lua still
-- holds that digest: the test is then reported as waiting for a GPU run
-- instead of compared.  Once tools/device-conformance has rewritten
-- expected.lua, the entry no longer counts and spec/cpu_conformance_spec
-- asks for its removal; delete the file when nothing is left in it.
return {
  why = "collectives.cuh now gives every word of these atomics one commutative, exact operation; "
        .. "the H200's values (2026-12-01) are of the old, order-dependent version",
  collectives = {
    ["atomicMax+atomicMin:unsigned long long"] = "abf55a30848d92eba2026caeb3c2eef577a8e13668d12722f54f2e2fd13555ca",
    ["atomicMax+atomicMin:long long"] = "9e5bdbe07dccef6d2da2ae99dc43751486f74a612b1ca5290708684abaad0559",
    ["atomicAdd:float+double"] = "2d6538cb194621ded81292e02ec9ad33d38f80e74aef39c80fa03536f7768fee",
    ["atomicAnd+atomicOr+atomicXor"] = "64fbe3bc6e8b6a4d486d7c26024b3bec64e9c42d1197fc78c0661aac49c334e9",
  },
}
