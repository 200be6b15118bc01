-- Written by tools/device-conformance: the conformance kernel's outputs on a GPU
-- (sha256 of every function's output words; the first words of its special-value
-- grid in hex).  Regenerate, do not edit.
return {
  collectives = {
    __activemask = {
      head = {"ffffffff", "20", "ffffffff", "20", "ffffffff", "20", "ffffffff", "20", "ffffffff", "20", "ffffffff", "20", "ffffffff", "20", "ffffffff", "20"},
      n = 256,
      sha256 = "30a4e3f1e6cb26773a725f5318b868e6f0e3b49647c7e316cfb077bda415fd83"
    },
    __all_sync = {
      head = {"0", "1", "0", "1", "0", "1", "0", "1", "0", "1", "0", "1", "0", "1", "0", "1"},
      n = 256,
      sha256 = "fa1222533e2df116a535403fbca1d0cf253072586ac915ac6c90ffbc0548f213"
    },
    __any_sync = {
      head = {"1", "0", "1", "0", "1", "0", "1", "0", "1", "0", "1", "0", "1", "0", "1", "0"},
      n = 256,
      sha256 = "742843df5a68d8c6d4f0b7dc366e33a5f6641423c9cf86e63a3a7aa66b41008f"
    },
    __ballot_sync = {
      head = {"2adaaca5", "ffe00000", "2adaaca5", "ffe00000", "2adaaca5", "ffe00000", "2adaaca5", "ffe00000", "2adaaca5", "ffe00000", "2adaaca5", "ffe00000", "2adaaca5", "ffe00000", "2adaaca5", "ffe00000"},
      n = 256,
      sha256 = "4735026f0cbf1230e18cdeb00eb973ea264e80ef76a95d3a21e19ac3899fa6b7"
    },
    __match_all_sync = {
      head = {"1ffffffff", "0", "1ffffffff", "0", "1ffffffff", "0", "1ffffffff", "0", "1ffffffff", "0", "1ffffffff", "0", "1ffffffff", "0", "1ffffffff", "0"},
      n = 256,
      sha256 = "bc02099710150a0cf7ec12277e1c4e7377839aa05b776af4894e222cb3bc839f"
    },
    __match_any_sync = {
      head = {"42108421", "ff", "a5294a52", "ff", "18c6318c", "ff", "18c6318c", "ff", "a5294a52", "ff", "42108421", "ff", "a5294a52", "ff", "18c6318c", "ff"},
      n = 256,
      sha256 = "7670616e8b4110cd3ca25490005a71ebf3fd8c3470eed7e0133db53c06a3c3a0"
    },
    __reduce_add_sync = {
      head = {"5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac", "5e4629ac"},
      n = 256,
      sha256 = "01be749285c87d623451fb9096f23661a377e127bb221efedc274e96bfeb8ef8"
    },
    ["__reduce_and_sync+__reduce_or_sync"] = {
      head = {"10000", "1111", "10000", "1111", "10000", "1111", "10000", "1111", "10000", "1111", "10000", "1111", "10000", "1111", "10000", "1111"},
      n = 256,
      sha256 = "8ef624f5b0f8ae0cb97c8b19bee39085011817b20bf73e3765cc677ae06b0b00"
    },
    __reduce_max_sync = {
      head = {"ff709871", "75ecbc91", "ff709871", "75ecbc91", "ff709871", "75ecbc91", "ff709871", "75ecbc91", "ff709871", "75ecbc91", "ff709871", "75ecbc91", "ff709871", "75ecbc91", "ff709871", "75ecbc91"},
      n = 256,
      sha256 = "4184cf48bfe63222fe383191c0f74666c1e0d4730ec34c8d66a39c75573f9ef8"
    },
    __reduce_min_sync = {
      head = {"8aadb31", "83838e3b", "8aadb31", "83838e3b", "8aadb31", "83838e3b", "8aadb31", "83838e3b", "8aadb31", "83838e3b", "8aadb31", "83838e3b", "8aadb31", "83838e3b", "8aadb31", "83838e3b"},
      n = 256,
      sha256 = "da6b8ed927865f747d1222f2448f9f44ca2f5937297596be22b9b8a9987abe92"
    },
    __reduce_xor_sync = {
      head = {"72bb6f1c", "0", "72bb6f1c", "0", "72bb6f1c", "0", "72bb6f1c", "0", "72bb6f1c", "0", "72bb6f1c", "0", "72bb6f1c", "0", "72bb6f1c", "0"},
      n = 256,
      sha256 = "3065398699415039cbc00f1211c7cfc8d614ed60bbe5ccb73a3bdbd37b3db4d9"
    },
    ["__shfl_down_sync:width16"] = {
      head = {"cd171fcd", "41f5015fee380000", "8aadb31", "41d043ff5c800000", "bd750485", "41f46eb848880000", "e2b2dc63", "41f33a2afb380000", "c81a6673", "41aa009193000000", "2e977ec8", "41f1c2f86c780000", "d6bcb4c6", "41f540c4a9480000", "305f2352", "41f2c2799ac80000"},
      n = 256,
      sha256 = "90b9605ed9156bddd382597a1b0c66502e7ffaba0af6a5009529fff207260c79"
    },
    ["__shfl_down_sync:width2"] = {
      head = {"59320dd7", "41e0b96298500000", "1af7f223", "41c439f59a400000", "e00ea9ed", "41f5015fee380000", "2b5ffe4c", "41d043ff5c800000", "d9f2585b", "41f46eb848880000", "cd171fcd", "41f33a2afb380000", "8aadb31", "41aa009193000000", "bd750485", "41f1c2f86c780000"},
      n = 256,
      sha256 = "11de6d47c5590963a8c2e32a506aad196b70a86e6b68b3653da2c779e971f4bf"
    },
    ["__shfl_down_sync:width32"] = {
      head = {"cd171fcd", "41f5015fee380000", "8aadb31", "41d043ff5c800000", "bd750485", "41f46eb848880000", "e2b2dc63", "41f33a2afb380000", "c81a6673", "41aa009193000000", "2e977ec8", "41f1c2f86c780000", "d6bcb4c6", "41f540c4a9480000", "305f2352", "41f2c2799ac80000"},
      n = 256,
      sha256 = "ee6bcdc194fdc42e87de966a2fa40d688270e4655ab8425fba1395e3c526e37d"
    },
    ["__shfl_down_sync:width4"] = {
      head = {"59320dd7", "41f5015fee380000", "1af7f223", "41d043ff5c800000", "e00ea9ed", "41f5015fee380000", "2b5ffe4c", "41d043ff5c800000", "d9f2585b", "41aa009193000000", "cd171fcd", "41f1c2f86c780000", "8aadb31", "41aa009193000000", "bd750485", "41f1c2f86c780000"},
      n = 256,
      sha256 = "a4679efd4cceb11be5574578b8b6eb626a9c832b827bcf4631f26c37cf02fed2"
    },
    ["__shfl_down_sync:width8"] = {
      head = {"cd171fcd", "41f5015fee380000", "8aadb31", "41d043ff5c800000", "bd750485", "41f46eb848880000", "2b5ffe4c", "41f33a2afb380000", "d9f2585b", "41aa009193000000", "cd171fcd", "41f1c2f86c780000", "8aadb31", "41aa009193000000", "bd750485", "41f1c2f86c780000"},
      n = 256,
      sha256 = "a0c54952b34c44922124702d8acdef3aa65aac6891aa7a0e9fcb86ff4d3c9602"
    },
    ["__shfl_sync:width16"] = {
      head = {"2e977ec8", "41f33a2afb380000", "1af7f223", "41aa009193000000", "e2b2dc63", "41f1c2f86c780000", "75ecbc91", "41f540c4a9480000", "8aadb31", "41f2c2799ac80000", "c2bcbcf9", "41d178cf8b000000", "d9f2585b", "41f421b0f2900000", "d6bcb4c6", "41d223ad3ec00000"},
      n = 256,
      sha256 = "db9bdf7df3519e1f70eb20f771a3b8c2c1832d4230a7cc983507a942265197e9"
    },
    ["__shfl_sync:width2"] = {
      head = {"59320dd7", "41c439f59a400000", "1af7f223", "41e0b96298500000", "e00ea9ed", "41d043ff5c800000", "2b5ffe4c", "41f5015fee380000", "d9f2585b", "41f33a2afb380000", "cd171fcd", "41f46eb848880000", "8aadb31", "41f1c2f86c780000", "bd750485", "41aa009193000000"},
      n = 256,
      sha256 = "45e75eadc35465886cd5b54fe0d6856a1fd9ac74412a918ba5b9aa411460ede4"
    },
    ["__shfl_sync:width32"] = {
      head = {"83838e3b", "41f33a2afb380000", "1af7f223", "41aa009193000000", "e2b2dc63", "41f1c2f86c780000", "75ecbc91", "41f540c4a9480000", "5a93facc", "41f2c2799ac80000", "e4a4fccc", "41d178cf8b000000", "d9f2585b", "41f421b0f2900000", "d6bcb4c6", "41d223ad3ec00000"},
      n = 256,
      sha256 = "722463994a67ed03fd3c032c4af27249666ae19fc1f7bffdddc4dd86d7ac7ed6"
    },
    ["__shfl_sync:width4"] = {
      head = {"e00ea9ed", "41c439f59a400000", "1af7f223", "41f5015fee380000", "59320dd7", "41d043ff5c800000", "2b5ffe4c", "41e0b96298500000", "8aadb31", "41f33a2afb380000", "cd171fcd", "41aa009193000000", "d9f2585b", "41f1c2f86c780000", "bd750485", "41f46eb848880000"},
      n = 256,
      sha256 = "46304941ec85be1bcfadf0f588cc623866c4a2fdf35ef7b72aa2eb6d985304be"
    },
    ["__shfl_sync:width8"] = {
      head = {"e00ea9ed", "41f33a2afb380000", "1af7f223", "41aa009193000000", "59320dd7", "41f1c2f86c780000", "bd750485", "41e0b96298500000", "8aadb31", "41c439f59a400000", "cd171fcd", "41f5015fee380000", "d9f2585b", "41d043ff5c800000", "2b5ffe4c", "41f46eb848880000"},
      n = 256,
      sha256 = "3a23417cfc1107908ea1cf89ff25c656d452e940aad7a033fc56d7ce01a24baa"
    },
    ["__shfl_up_sync:width16"] = {
      head = {"59320dd7", "41e0b96298500000", "1af7f223", "41e0b96298500000", "e00ea9ed", "41c439f59a400000", "59320dd7", "41f5015fee380000", "1af7f223", "41d043ff5c800000", "e00ea9ed", "41f46eb848880000", "2b5ffe4c", "41f33a2afb380000", "d9f2585b", "41aa009193000000"},
      n = 256,
      sha256 = "a016c64bd554e98610b0b665dbbb2d01d3ca94f9935a68f25f54d69afb37f168"
    },
    ["__shfl_up_sync:width2"] = {
      head = {"59320dd7", "41e0b96298500000", "1af7f223", "41e0b96298500000", "e00ea9ed", "41f5015fee380000", "2b5ffe4c", "41f5015fee380000", "d9f2585b", "41f46eb848880000", "cd171fcd", "41f46eb848880000", "8aadb31", "41aa009193000000", "bd750485", "41aa009193000000"},
      n = 256,
      sha256 = "fdf9a061b3574660f2ca4ec398889352f3662a8c1c9f85c4fd0909819c646b73"
    },
    ["__shfl_up_sync:width32"] = {
      head = {"59320dd7", "41e0b96298500000", "1af7f223", "41e0b96298500000", "e00ea9ed", "41c439f59a400000", "59320dd7", "41f5015fee380000", "1af7f223", "41d043ff5c800000", "e00ea9ed", "41f46eb848880000", "2b5ffe4c", "41f33a2afb380000", "d9f2585b", "41aa009193000000"},
      n = 256,
      sha256 = "278fdb766fbc9e14daa2ca5ebddfea5af3e01c603b6a51511be15e8750338140"
    },
    ["__shfl_up_sync:width4"] = {
      head = {"59320dd7", "41e0b96298500000", "1af7f223", "41e0b96298500000", "e00ea9ed", "41c439f59a400000", "59320dd7", "41f5015fee380000", "d9f2585b", "41f46eb848880000", "cd171fcd", "41f46eb848880000", "8aadb31", "41f33a2afb380000", "d9f2585b", "41aa009193000000"},
      n = 256,
      sha256 = "835e044656c1737024290ba093ceea13e7c182651782b8ab7d6093bda30ea547"
    },
    ["__shfl_up_sync:width8"] = {
      head = {"59320dd7", "41e0b96298500000", "1af7f223", "41e0b96298500000", "e00ea9ed", "41c439f59a400000", "59320dd7", "41f5015fee380000", "1af7f223", "41d043ff5c800000", "e00ea9ed", "41f46eb848880000", "2b5ffe4c", "41f33a2afb380000", "d9f2585b", "41aa009193000000"},
      n = 256,
      sha256 = "95db5c7a32d4018985118d5b4540131ddbf33aa0aa5781f764b337e2fc21e936"
    },
    ["__shfl_xor_sync:width16"] = {
      head = {"e2b2dc63", "41c439f59a400000", "1af7f223", "41e0b96298500000", "1af7f223", "41d043ff5c800000", "d6bcb4c6", "41f5015fee380000", "d9f2585b", "41f33a2afb380000", "8aadb31", "41f46eb848880000", "b1e4066c", "41f1c2f86c780000", "bd750485", "41aa009193000000"},
      n = 256,
      sha256 = "885981bacc1628cb907ca491a0b9c195c8f33aad688233f3b1dae7a655c72b00"
    },
    ["__shfl_xor_sync:width2"] = {
      head = {"59320dd7", "41c439f59a400000", "1af7f223", "41e0b96298500000", "1af7f223", "41d043ff5c800000", "2b5ffe4c", "41f5015fee380000", "d9f2585b", "41f33a2afb380000", "cd171fcd", "41f46eb848880000", "8aadb31", "41f1c2f86c780000", "bd750485", "41aa009193000000"},
      n = 256,
      sha256 = "40b20f73529b0aa456761330237b13083084d7ebad54e7856a78076c32fb6e26"
    },
    ["__shfl_xor_sync:width32"] = {
      head = {"e2b2dc63", "41c439f59a400000", "475b0b21", "41e0b96298500000", "1af7f223", "41d043ff5c800000", "d6bcb4c6", "41f5015fee380000", "ff709871", "41f33a2afb380000", "8aadb31", "41f46eb848880000", "b1e4066c", "41f1c2f86c780000", "5a93facc", "41aa009193000000"},
      n = 256,
      sha256 = "85a9c41561eb687e4e3d7a5184dd51c7000ce6da847e23554e940bd55c7e2fed"
    },
    ["__shfl_xor_sync:width4"] = {
      head = {"59320dd7", "41c439f59a400000", "1af7f223", "41e0b96298500000", "1af7f223", "41d043ff5c800000", "2b5ffe4c", "41f5015fee380000", "d9f2585b", "41f33a2afb380000", "8aadb31", "41f46eb848880000", "8aadb31", "41f1c2f86c780000", "bd750485", "41aa009193000000"},
      n = 256,
      sha256 = "64bea9c417118ef5677ed205a0f93192057edf1debcb5ce4a25e56741711b33a"
    },
    ["__shfl_xor_sync:width8"] = {
      head = {"59320dd7", "41c439f59a400000", "1af7f223", "41e0b96298500000", "1af7f223", "41d043ff5c800000", "2b5ffe4c", "41f5015fee380000", "d9f2585b", "41f33a2afb380000", "8aadb31", "41f46eb848880000", "8aadb31", "41f1c2f86c780000", "bd750485", "41aa009193000000"},
      n = 256,
      sha256 = "64bea9c417118ef5677ed205a0f93192057edf1debcb5ce4a25e56741711b33a"
    },
    ["atomicAdd:__half"] = {
      head = {"c000", "0", "bc00", "0", "0", "0", "3c00", "0", "4000", "0", "c000", "0", "bc00", "0", "0", "0"},
      n = 256,
      sha256 = "cacd0b63d95a50feb8bb8fb04b7f861d9cab281ef57cd71264e4cae27a27d8b5"
    },
    ["atomicAdd:__half2"] = {
      head = {"4c00", "0", "48004c00", "0", "4c004c00", "0", "4e004c00", "0", "4c00", "0", "48004c00", "0", "4c004c00", "0", "4e004c00", "0"},
      n = 256,
      sha256 = "1d814a962b782c5f50329bcb8d1330edbcea55100c3f32c9cbf679bbbc384ea4"
    },
    ["atomicAdd:__nv_bfloat16"] = {
      head = {"4218", "0", "421c", "0", "4220", "0", "4224", "0", "4228", "0", "4218", "0", "421c", "0", "4220", "0"},
      n = 256,
      sha256 = "cf37b3a0677c1107f7760934184c2cecede8cc247fa8f58fb1921af2ab5779d3"
    },
    ["atomicAdd:__nv_bfloat162"] = {
      head = {"41704180", "0", "41804180", "0", "41884180", "0", "41704180", "0", "41804180", "0", "41884180", "0", "41704180", "0", "41804180", "0"},
      n = 256,
      sha256 = "fd7c4305a570c828988cf7d686fe6a834999030ed59b8717a9130148cce3796f"
    },
    ["atomicAdd:float+double"] = {
      head = {"c280000042020000", "0", "c274000041fc0000", "0", "c27c000041f40000", "0", "c282000041fe0000", "0", "422d5e9996440000", "0", "42343a7365170000", "0", "422ec75b4b960000", "0", "4231015fe8720000", "0"},
      n = 256,
      sha256 = "7f913aa063c6321e28f586b2c5d0f8bfba3d27c35c3facb4cdb1668640e26951"
    },
    ["atomicAdd:float2"] = {
      head = {"c22c000044700000", "0", "c234000044740000", "0", "c23c000044780000", "0", "c2440000447c0000", "0", "c24c000044800000", "0", "c254000044820000", "0", "c240000044840000", "0", "c22c000044860000", "0"},
      n = 256,
      sha256 = "5d80da3e9b3fddafb405c6ca299ad53ab138055d65b482385f644954ae91226a"
    },
    ["atomicAdd:int+atomicSub:unsigned"] = {
      head = {"4f8dc7bbb0723845", "0", "fc8ddffb03722005", "0", "a705826358fa7d9d", "0", "663bdd2999c422d7", "0", "1256d23feda92dd", "0", "c8febaee37014512", "0", "f54cd7d20ab3282e", "0", "98643a65679bc59b", "0"},
      n = 256,
      sha256 = "0d7180d3c3aa6729068876629de6bba3a57f5b9e008615e7098bd72db85034cb"
    },
    ["atomicAdd:unsigned long long"] = {
      head = {"cc23ea51da64ce0f", "0", "3eb3b39ad4b61e84", "0", "fa8477aab638b455", "0", "9a5c07db5cc05874", "0", "576efa9d251109d3", "0", "6c5fabf4b5ae1ce0", "0", "7d8d3a231562a46a", "0", "b5da5ec94245a9c6", "0"},
      n = 256,
      sha256 = "6c5d2eb1a7058597339c67cd218c073b7519da7c76f20465971f8891a0b35f9e"
    },
    ["atomicAnd+atomicOr+atomicXor"] = {
      head = {"c6b3d7cdc0531821", "0", "455a5eff81840be7", "0", "f7ead6c6150d0816", "0", "7d9cdb5531190507", "0", "1965a77036fce296", "0", "3a10c77e01b1c70a", "0", "aced3d9d8ac1805d", "0", "7fa0264266bc6d4c", "0"},
      n = 256,
      sha256 = "20aee8a740a9e009fd81613b3d7a7f07a2c6e5fe9f6f63c05638f78dd9af60f6"
    },
    ["atomicCAS:unsigned short"] = {
      head = {"0", "10000", "0", "60003", "0", "b0006", "0", "100009", "0", "15000c", "0", "1a000f", "0", "1f0012", "0", "240015"},
      n = 256,
      sha256 = "26dcb3aff2a591dd5ba8ba29c00fbeaf9f83f0eab1731b1585711d83dc52fb74"
    },
    ["atomicInc+atomicDec"] = {
      head = {"500000004", "0", "500000004", "0", "500000004", "0", "500000004", "0", "500000004", "0", "500000004", "0", "500000004", "0", "500000004", "0"},
      n = 256,
      sha256 = "2d537fc3e9ffb28e3daf5a7b01a7ffab370040ee9edfed3f274b21c36c72384c"
    },
    ["atomicMax+atomicMin:long long"] = {
      head = {"738032f6d1fb2e3a", "0", "6e159ae8300518f8", "0", "7daf7bd7b0085fd2", "0", "7bb3c45c597cdb85", "0", "808475f02ee37363", "0", "89242d2dd9d4a40d", "0", "875b9307abf55005", "0", "8e64bfa85c308c9a", "0"},
      n = 256,
      sha256 = "1e54b477cfcf1d2992744d4a75f745a224cbcb7568b96c090a8816e001d97acf"
    },
    ["atomicMax+atomicMin:unsigned long long"] = {
      head = {"fb452912299a5453", "0", "fb43e48309ca2db7", "0", "f5d716b2f98bf127", "0", "fb761138e1e0a78c", "0", "48f2705bc4d5b6", "0", "3aad6ff044a4744", "0", "dd281ca0fc8f793", "0", "12bd79c680791ae", "0"},
      n = 256,
      sha256 = "086a080a13f863430e1e4b0d2e9246b69f31ddfaed9e1e5293089c0d737c9d0e"
    }
  },
  functions = {
    __bfloat1622float2 = {
      head = {"8001000000000000", "7f7f000080000000", "3f00000000010000", "7f000080010000", "ff7f0000007f0000", "4000000000800000", "8000003f800000", "7f800000bf800000", "404000003f810000", "3f8000003f7f0000", "ff8000007f7f0000", "ff7f0000", "bf8000007f800000", "7fc00000ff800000", "800000007fc00000", "3f8100007f810000"},
      n = 65556,
      nspecial = 20,
      sha256 = "f49ba881328b5ca364df14098e806cc371dac9376d88af78cdc03aeb6ec1c577",
      sha_special = "023d0695ea2223fa52aae16e54f66edcdc43297ff2a64b126252bc7bc5bb066a"
    },
    __bfloat162bfloat162 = {
      head = {"0", "80008000", "10001", "80018001", "3ff03ff", "4000400", "3c003c00", "bc00bc00", "7bff7bff", "fbfffbff", "7c007c00", "fc00fc00", "7e007e00", "7c017c01", "fe01fe01", "3c013c01", "800080", "3f803f80", "7f7f7f7f", "7f807f80", "ff80ff80", "7fc07fc0"},
      n = 65536,
      sha256 = "e8511eaa47f4f2cf381eeeda125070dd4da65571639416aa88f7b9a949ab0b7a"
    },
    __bfloat162char_rz = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "7f", "80", "7f", "80", "7f", "7f", "80", "0", "0", "1", "7f", "7f", "80", "0"},
      n = 65536,
      sha256 = "58e8614c861369724bab7e20138d02329e3a3335c7937c67710bc7e67e9cb71f"
    },
    __bfloat162float = {
      head = {"0", "80000000", "10000", "80010000", "3ff0000", "4000000", "3c000000", "bc000000", "7bff0000", "fbff0000", "7c000000", "fc000000", "7e000000", "7c010000", "fe010000", "3c010000", "800000", "3f800000", "7f7f0000", "7f800000", "ff800000", "7fc00000"},
      n = 65536,
      sha256 = "adff41890483e4e738e734a03f7befde6055aa698ae6fe087eb4572f15ea1cd9"
    },
    __bfloat162int_rd = {
      head = {"0", "0", "0", "ffffffff", "0", "0", "0", "ffffffff", "7fffffff", "80000000", "7fffffff", "80000000", "7fffffff", "7fffffff", "80000000", "0", "0", "1", "7fffffff", "7fffffff", "80000000", "0"},
      n = 65536,
      sha256 = "8b04826bd0fc8886271828329cacbd89823caa62ccfb344a65e9f6a5af6b4f47"
    },
    __bfloat162int_rn = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "7fffffff", "80000000", "7fffffff", "80000000", "7fffffff", "7fffffff", "80000000", "0", "0", "1", "7fffffff", "7fffffff", "80000000", "0"},
      n = 65536,
      sha256 = "b6dd5cdf4da69d7c524237df32fb2876d442235bb42d7bcc823892d24674eeb7"
    },
    __bfloat162int_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "7fffffff", "80000000", "7fffffff", "80000000", "7fffffff", "7fffffff", "80000000", "1", "1", "1", "7fffffff", "7fffffff", "80000000", "0"},
      n = 65536,
      sha256 = "ccfad10d52c797ccb64e22d24f597b1d2710b4d5bc78bf30499a7149a8babff7"
    },
    __bfloat162int_rz = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "7fffffff", "80000000", "7fffffff", "80000000", "7fffffff", "7fffffff", "80000000", "0", "0", "1", "7fffffff", "7fffffff", "80000000", "0"},
      n = 65536,
      sha256 = "5b7405ee547b433e34405fb243e87099a45fef953556be118fa1805d00bede84"
    },
    __bfloat162ll_rd = {
      head = {"0", "0", "0", "ffffffffffffffff", "0", "0", "0", "ffffffffffffffff", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "7fffffffffffffff", "8000000000000000", "0", "0", "1", "7fffffffffffffff", "7fffffffffffffff", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "ce180393904dafe44dc690abb27a27b5ec6930336c3e9b271c543e3fe2ef851c"
    },
    __bfloat162ll_rn = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "7fffffffffffffff", "8000000000000000", "0", "0", "1", "7fffffffffffffff", "7fffffffffffffff", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "29123cf13367c31078a9d2cb7e13232b491cbb967974c3203a29b702cd7361da"
    },
    __bfloat162ll_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "7fffffffffffffff", "8000000000000000", "1", "1", "1", "7fffffffffffffff", "7fffffffffffffff", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "f8f6d5d50a508887cbefc8cb860a0121a009efc012b657234af64fed8eb1eca4"
    },
    __bfloat162ll_rz = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "7fffffffffffffff", "8000000000000000", "0", "0", "1", "7fffffffffffffff", "7fffffffffffffff", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "6e17c131e5c0414492a5a33f4dd72f9a0528a5f99984f9a6cc6d70bdca2e72c3"
    },
    __bfloat162short_rd = {
      head = {"0", "0", "0", "ffff", "0", "0", "0", "ffff", "7fff", "8000", "7fff", "8000", "7fff", "7fff", "8000", "0", "0", "1", "7fff", "7fff", "8000", "0"},
      n = 65536,
      sha256 = "6e8d0725c254c88b35be5b68c14a2388528c05d9d064000c7956fc7a0437313b"
    },
    __bfloat162short_rn = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "7fff", "8000", "7fff", "8000", "7fff", "7fff", "8000", "0", "0", "1", "7fff", "7fff", "8000", "0"},
      n = 65536,
      sha256 = "00b60bd5c3aaa92b3dec8449e050ebced279169b6716821958a1136893ab098e"
    },
    __bfloat162short_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "7fff", "8000", "7fff", "8000", "7fff", "7fff", "8000", "1", "1", "1", "7fff", "7fff", "8000", "0"},
      n = 65536,
      sha256 = "c97b580afc19984c70579d716fe9e8a987c4bae9138360d94a71a572012d92a2"
    },
    __bfloat162short_rz = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "7fff", "8000", "7fff", "8000", "7fff", "7fff", "8000", "0", "0", "1", "7fff", "7fff", "8000", "0"},
      n = 65536,
      sha256 = "8d0da9d2b104e9fa166187ba79c6de11d08630e67f1449eff188e40e26cc033d"
    },
    __bfloat162uchar_rz = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "ff", "0", "ff", "0", "ff", "ff", "0", "0", "0", "1", "ff", "ff", "0", "0"},
      n = 65536,
      sha256 = "9cb4566bf5c9956322c7b7a0799591cbdf5d4235f6b0abedadf2229481dd7e3d"
    },
    __bfloat162uint_rd = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "ffffffff", "0", "ffffffff", "0", "ffffffff", "ffffffff", "0", "0", "0", "1", "ffffffff", "ffffffff", "0", "0"},
      n = 65536,
      sha256 = "03a8d0203eb51904f1f86d83182437ad1354512bee6873e3cd9a9a52a53a315d"
    },
    __bfloat162uint_rn = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "ffffffff", "0", "ffffffff", "0", "ffffffff", "ffffffff", "0", "0", "0", "1", "ffffffff", "ffffffff", "0", "0"},
      n = 65536,
      sha256 = "f56befebc2f76222a100a8556d968bf47564cec43442e832cc960eb5468507e5"
    },
    __bfloat162uint_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "ffffffff", "0", "ffffffff", "0", "ffffffff", "ffffffff", "0", "1", "1", "1", "ffffffff", "ffffffff", "0", "0"},
      n = 65536,
      sha256 = "7e0756c56ef9676e2bbd587e4e021bbbc4e783bf27f51a2d479b93d726bd4112"
    },
    __bfloat162uint_rz = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "ffffffff", "0", "ffffffff", "0", "ffffffff", "ffffffff", "0", "0", "0", "1", "ffffffff", "ffffffff", "0", "0"},
      n = 65536,
      sha256 = "03a8d0203eb51904f1f86d83182437ad1354512bee6873e3cd9a9a52a53a315d"
    },
    __bfloat162ull_rd = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "ffffffffffffffff", "0", "ffffffffffffffff", "0", "ffffffffffffffff", "ffffffffffffffff", "0", "0", "0", "1", "ffffffffffffffff", "ffffffffffffffff", "0", "8000000000000000"},
      n = 65536,
      sha256 = "a8fd6e8b55c4786038f00a6d9f9f8b20768a1fe079c756655e5622bb09762de8"
    },
    __bfloat162ull_rn = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "ffffffffffffffff", "0", "ffffffffffffffff", "0", "ffffffffffffffff", "ffffffffffffffff", "0", "0", "0", "1", "ffffffffffffffff", "ffffffffffffffff", "0", "8000000000000000"},
      n = 65536,
      sha256 = "e1ca0e5887b00df1d92a192bff68b734e04ac5a07a2f69c6c350e4611ac9a6ad"
    },
    __bfloat162ull_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "ffffffffffffffff", "0", "ffffffffffffffff", "0", "ffffffffffffffff", "ffffffffffffffff", "0", "1", "1", "1", "ffffffffffffffff", "ffffffffffffffff", "0", "8000000000000000"},
      n = 65536,
      sha256 = "013b0b1fe02b69adec3be4dcb11f7535fe70c83be20a8c716e166704c1250980"
    },
    __bfloat162ull_rz = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "ffffffffffffffff", "0", "ffffffffffffffff", "0", "ffffffffffffffff", "ffffffffffffffff", "0", "0", "0", "1", "ffffffffffffffff", "ffffffffffffffff", "0", "8000000000000000"},
      n = 65536,
      sha256 = "a8fd6e8b55c4786038f00a6d9f9f8b20768a1fe079c756655e5622bb09762de8"
    },
    __bfloat162ushort_rd = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "ffff", "0", "ffff", "0", "ffff", "ffff", "0", "0", "0", "1", "ffff", "ffff", "0", "0"},
      n = 65536,
      sha256 = "0f24ed9a35faaccb1a380bd1b5489f60b7e6b53b6d2659003cc12c4daf27cc1c"
    },
    __bfloat162ushort_rn = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "ffff", "0", "ffff", "0", "ffff", "ffff", "0", "0", "0", "1", "ffff", "ffff", "0", "0"},
      n = 65536,
      sha256 = "d077074c131f8081eea74b6fd78336e4e4aff90149693df87701e71ac24700e1"
    },
    __bfloat162ushort_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "ffff", "0", "ffff", "0", "ffff", "ffff", "0", "1", "1", "1", "ffff", "ffff", "0", "0"},
      n = 65536,
      sha256 = "4fc174150e22a74f551f07148a06d2f59b8065cb64de7ff4f403eae3c3369ed6"
    },
    __bfloat162ushort_rz = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "ffff", "0", "ffff", "0", "ffff", "ffff", "0", "0", "0", "1", "ffff", "ffff", "0", "0"},
      n = 65536,
      sha256 = "0f24ed9a35faaccb1a380bd1b5489f60b7e6b53b6d2659003cc12c4daf27cc1c"
    },
    __bfloat16_as_short = {
      head = {"0", "8000", "1", "8001", "3ff", "400", "3c00", "bc00", "7bff", "fbff", "7c00", "fc00", "7e00", "7c01", "fe01", "3c01", "80", "3f80", "7f7f", "7f80", "ff80", "7fc0"},
      n = 65536,
      sha256 = "197f7a314b356f70296099420b30d0beddb9fe80e95054af72e1c382cdf1eb9b"
    },
    __brev = {
      head = {"0", "80000000", "ffffffff", "fffffffe", "1", "100000", "80100000", "c0100000", "7ff0000", "f7ff0000", "fff0000", "8000", "80000080", "1fffffe", "ffefffff", "800000"},
      n = 65554,
      nspecial = 18,
      sha256 = "f6f26f577b03f3cd6ac5aba602689da953f5cb24a4247f4cd0708d45647845e6",
      sha_special = "4a8dd99d0985e8ebcd64282cc5318b3aab8e27885959683e1e7e33169849b0fc"
    },
    __brevll = {
      head = {"0", "8000000000000000", "ffffffffffffffff", "fffffffffffffffe", "1", "8000000000000400", "8000000000800002", "fffffffffffffbff", "fff000000000000", "8010000000000000", "8080000000000000", "ff7fffffffffffff", "8000000000000001", "8000000080000000", "3e8c57b5bcd802b8", "3257ffffffffffff"},
      n = 65550,
      nspecial = 14,
      sha256 = "f9033f9c1a1c201fc797b759c0ba7436666d823fb11208a1353c3d1c105e6f49",
      sha_special = "959f1c82651a2eb64fdf4685b023174789754f72a25c1b6792b7ed51f98000c2"
    },
    __byte_perm = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 71368,
      nspecial = 5832,
      sha256 = "fe1a028c31c7f5b5ad685322a1b83bf15e90a5cf6310b223af492dbef867a45c",
      sha_special = "b6316fe49bd9ba03d325782c55a2d45befe0230404a093fd097ff43bd49dd79e"
    },
    __clz = {
      head = {"20", "1f", "0", "1", "0", "14", "14", "14", "10", "10", "10", "f", "7", "1", "0", "17"},
      n = 65554,
      nspecial = 18,
      sha256 = "5c217032eb4296918d03eb02f6c6690e6ea04e34820cc299b7ba5e320c9a14ee",
      sha_special = "ea318d3bb0bcb152770fcf037803d7b18de64fa6da92ff5cbd7ea633b66c798e"
    },
    __clzll = {
      head = {"40", "3f", "0", "1", "0", "a", "1", "0", "30", "34", "37", "0", "0", "1f", "4", "31"},
      n = 65550,
      nspecial = 14,
      sha256 = "1a88e5aafaa512389ec9aca8f3077b82d60090b93199d6998ab753adae8e9304",
      sha_special = "10715305ca31b06fb8d74f5f9d2da9f8de916de5446e1b4baae717fb6ff29490"
    },
    __cosf = {
      bound = {
        checked = 65572,
        fails = 0,
        maxerr = 0.87566202210514
      },
      head = {"3f800000", "3f800000", "3f800000", "3f800000", "3f800000", "3f800000", "3f0a5141", "3f0a5141", "3f0a513e", "3f0a5141", "3f800000", "3f800000", "7fffffff", "7fffffff", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "4d74b5c54c7892ebb65fd1def078e7b13998fe5fc98e00eff96bc4c256c7b5b3",
      sha_special = "5088a0712e81721a8411f20b46f90b41f0cdb91b1fa16740df84db5b177c2f58"
    },
    __double2bfloat16 = {
      head = {"0", "8000", "0", "3f80", "bf80", "3f80", "3f80", "3f81", "4780", "4780", "7f80", "ff80", "7fc0", "7f80", "8000", "4049"},
      n = 65556,
      nspecial = 20,
      sha256 = "2a82c06471aa9722f0eae6bfbdade1da581ec342d159b92db01dbc6f8dc90bcc",
      sha_special = "0d7ac92258235bd8f5065f8f76d4fd3b6606f8c73aec76a8fb3b12b57e30fc54"
    },
    __double2float_rd = {
      head = {"0", "80000000", "0", "3f800000", "bf800000", "3f801000", "3f801000", "3f808000", "477ff000", "477fefff", "7f800000", "ff800000", "7fc00000", "7f7fffff", "80000001", "40490fcf"},
      n = 65556,
      nspecial = 20,
      sha256 = "ca9480e3b5ef6c920f036e6c8eb9407137e422011c71f7e2e46bcf96ec2c51c4",
      sha_special = "6858bc1841e4407fce24281d47fe5cebc3b7510d119a51aca1261cd959034d3a"
    },
    __double2float_rn = {
      head = {"0", "80000000", "0", "3f800000", "bf800000", "3f801000", "3f801000", "3f808000", "477ff000", "477ff000", "7f800000", "ff800000", "7fc00000", "7f800000", "80000000", "40490fd0"},
      n = 65556,
      nspecial = 20,
      sha256 = "13e4e7ba67d12a8eb9cd12133ec31c6665f1bc8d4dfd4ba7b1f4c4cadaaae6e1",
      sha_special = "8a23b943879d66ca5b35dd65ffbf0b18b0f0f21499d637e8c84cd807f37e0c3c"
    },
    __double2float_ru = {
      head = {"0", "80000000", "1", "3f800000", "bf800000", "3f801001", "3f801000", "3f808001", "477ff000", "477ff000", "7f800000", "ff800000", "7fc00000", "7f800000", "80000000", "40490fd0"},
      n = 65556,
      nspecial = 20,
      sha256 = "7d3668f6c48ac7d3799a11b4024bee740f70edf71660dd8def13abe5b76c595d",
      sha_special = "0895a8e781aa55ac73fbece9a29aad2871d9a9f813c52c5c7029de8667595762"
    },
    __double2float_rz = {
      head = {"0", "80000000", "0", "3f800000", "bf800000", "3f801000", "3f801000", "3f808000", "477ff000", "477fefff", "7f800000", "ff800000", "7fc00000", "7f7fffff", "80000000", "40490fcf"},
      n = 65556,
      nspecial = 20,
      sha256 = "75c05bfd35290272cae0945685a8b2fa339da4438439e13e93dce82b1c16e3d7",
      sha_special = "621f2ec644df5090ba8fbf94fe6c73fcca5ac21635e58b3e4fc181454afe0c85"
    },
    __double2half = {
      head = {"0", "8000", "0", "3c00", "bc00", "3c01", "3c00", "3c04", "7c00", "7bff", "7c00", "fc00", "7e00", "7c00", "8000", "4248"},
      n = 65556,
      nspecial = 20,
      sha256 = "36d97aa84a9c6f43e618a80d56ca3f879088d17b87aded5287453e64bfcb50f3",
      sha_special = "fb58266b4268b957f85be9df731f60cbd737226348c1fdf937f319bcb4ec3492"
    },
    __double2int_rd = {
      head = {"0", "0", "0", "1", "ffffffff", "1", "1", "1", "fff0", "ffef", "7fffffff", "80000000", "80000000", "7fffffff", "ffffffff", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "ad11e624f4dea788d7088bbef321262b49afa45bffc8c37b018fd933364b0421",
      sha_special = "8655c02f419c8af1c763a8486835746e81686695c252fd474b4b7a0294700780"
    },
    __double2int_rn = {
      head = {"0", "0", "0", "1", "ffffffff", "1", "1", "1", "fff0", "fff0", "7fffffff", "80000000", "80000000", "7fffffff", "0", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "6a88d72afffcbbbd387481187c25f686cc5b659fae318c2bd14eef5d86e76378",
      sha_special = "0f84c9238865b0fa62dcc85aa19e072457ea3dd1db82d96289133e0a7d1d47ed"
    },
    __double2int_ru = {
      head = {"0", "0", "1", "1", "ffffffff", "2", "2", "2", "fff0", "fff0", "7fffffff", "80000000", "80000000", "7fffffff", "0", "4"},
      n = 65556,
      nspecial = 20,
      sha256 = "8640ae7bd06234e15fda0ad304f3fcc2d8d347a03358f46f87b1717ce8200539",
      sha_special = "4f43989f2c8945709d80a9a4ea0bcd0c9ebff816a902c03d8e2ad2ce2dc8484d"
    },
    __double2int_rz = {
      head = {"0", "0", "0", "1", "ffffffff", "1", "1", "1", "fff0", "ffef", "7fffffff", "80000000", "80000000", "7fffffff", "0", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "40005b26472749bb8d6b562d8c4cebfede982f56e7f9b25ccb024e01c7ed3172",
      sha_special = "a9ef6962edddcf6e029bb2bbf0b3a2e64340133a34614def8f92fc5a2ed91ac7"
    },
    __double2ll_rd = {
      head = {"0", "0", "0", "1", "ffffffffffffffff", "1", "1", "1", "fff0", "ffef", "7fffffffffffffff", "8000000000000000", "8000000000000000", "7fffffffffffffff", "ffffffffffffffff", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "84dc311789e2fb721c16b23062c9039e4b40f78fe106565b16ff6dd754442320",
      sha_special = "1a8d7e6bfb7c0e0de06857bf9ad480fac98d270b162e4fb4f4d4a8de95c75d9e"
    },
    __double2ll_rn = {
      head = {"0", "0", "0", "1", "ffffffffffffffff", "1", "1", "1", "fff0", "fff0", "7fffffffffffffff", "8000000000000000", "8000000000000000", "7fffffffffffffff", "0", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "659f915344f6b13eca6a89f55bd252bebfc6d0916d5c68420936a473bc51ea6f",
      sha_special = "3e187d7b7ce6afbf1e2b278d2e7427ba36e7b9666db3050f1c5c8ba7b3abf172"
    },
    __double2ll_ru = {
      head = {"0", "0", "1", "1", "ffffffffffffffff", "2", "2", "2", "fff0", "fff0", "7fffffffffffffff", "8000000000000000", "8000000000000000", "7fffffffffffffff", "0", "4"},
      n = 65556,
      nspecial = 20,
      sha256 = "5a074ef0a4eb2a04f73c3a20607491368108d4212b47e18278947f91888b4bff",
      sha_special = "304f3a962bfffcc5101c29b80ef2f6c9887045e7c67109975556ce7fc348b130"
    },
    __double2ll_rz = {
      head = {"0", "0", "0", "1", "ffffffffffffffff", "1", "1", "1", "fff0", "ffef", "7fffffffffffffff", "8000000000000000", "8000000000000000", "7fffffffffffffff", "0", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "4a32d1db718b02bf480ddd77b428189a872f3887fb59a5ac6f8f2c1c32d1d101",
      sha_special = "cc0d9d892eb17ff0aeb26aff463781fc50d2a0092f60d7d69647ae8b6b18ee65"
    },
    __double2uint_rd = {
      head = {"0", "0", "0", "1", "0", "1", "1", "1", "fff0", "ffef", "ffffffff", "0", "80000000", "ffffffff", "0", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "cfc8cd7be17dcca7aa91fee7699f7e837fefe7142b9ffcf5e89e55bc31faf128",
      sha_special = "ca7005395463402cc8c4dcca4bcc99ceafcd70f076a8bf307b22df92b65d7506"
    },
    __double2uint_rn = {
      head = {"0", "0", "0", "1", "0", "1", "1", "1", "fff0", "fff0", "ffffffff", "0", "80000000", "ffffffff", "0", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "6611dd5863b1543212ca296e3502df0f7d92df84793a9a7a7bb1abecf78c7854",
      sha_special = "c5feacf521ca7d9a4aa18a4b6ccd96c1285dc7f0ecf3915b269bb6f5775f99c9"
    },
    __double2uint_ru = {
      head = {"0", "0", "1", "1", "0", "2", "2", "2", "fff0", "fff0", "ffffffff", "0", "80000000", "ffffffff", "0", "4"},
      n = 65556,
      nspecial = 20,
      sha256 = "6aecf3f9d64cd2161e9f2b87269049b4dc3d88a83e37dbbb00950f2ad4eea0e6",
      sha_special = "2307382d6a23fa498b9ddbaa3a6640c3efb5af63c85cef2f024b65db26b259c5"
    },
    __double2uint_rz = {
      head = {"0", "0", "0", "1", "0", "1", "1", "1", "fff0", "ffef", "ffffffff", "0", "80000000", "ffffffff", "0", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "65aa2ef7f358290fad1e48585b4f9703f53bfe5c9fc4382d571819a7a41afbd3",
      sha_special = "ca7005395463402cc8c4dcca4bcc99ceafcd70f076a8bf307b22df92b65d7506"
    },
    __double2ull_rd = {
      head = {"0", "0", "0", "1", "0", "1", "1", "1", "fff0", "ffef", "ffffffffffffffff", "0", "8000000000000000", "ffffffffffffffff", "0", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "9fbe4de3d0af1f15a3f03697233f18ddf94350c7f109e1b0aa8a9f94f1f52a28",
      sha_special = "d461a37d4aefa55a85e704db0d11dc73eb79ea871c4f8722e88aba0f9b946429"
    },
    __double2ull_rn = {
      head = {"0", "0", "0", "1", "0", "1", "1", "1", "fff0", "fff0", "ffffffffffffffff", "0", "8000000000000000", "ffffffffffffffff", "0", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "cd999138ea88aa074718e7c1ccd46fec5f9fa3840f5084efba7093b0529078a0",
      sha_special = "51c0e1d9fed4724cdb3d31dde339005b15155fe9c1d0305372a6da96ec349dff"
    },
    __double2ull_ru = {
      head = {"0", "0", "1", "1", "0", "2", "2", "2", "fff0", "fff0", "ffffffffffffffff", "0", "8000000000000000", "ffffffffffffffff", "0", "4"},
      n = 65556,
      nspecial = 20,
      sha256 = "900848e0239dcd14c373fefab8bcff69de1717cc1003110f0565521b5bc6e161",
      sha_special = "6daa0f47c8a53b9c3765c13042a68f7325944c763473e2995bc3868f513b9bb9"
    },
    __double2ull_rz = {
      head = {"0", "0", "0", "1", "0", "1", "1", "1", "fff0", "ffef", "ffffffffffffffff", "0", "8000000000000000", "ffffffffffffffff", "0", "3"},
      n = 65556,
      nspecial = 20,
      sha256 = "73e96a3079ea1e7893510f50fcf561261fdd9a69948bb185ae2f7b27441ffb46",
      sha_special = "d461a37d4aefa55a85e704db0d11dc73eb79ea871c4f8722e88aba0f9b946429"
    },
    __double_as_longlong = {
      head = {"0", "8000000000000000", "1", "3ff0000000000000", "bff0000000000000", "3ff0020000000001", "3ff0020000000000", "3ff0100004000000", "40effe0000000000", "40effdffffffffff", "7ff0000000000000", "fff0000000000000", "7ff8000000000000", "7fe1ccf385ebc8a0", "81c8e6b8e6c2a3a5", "400921f9f01b866e"},
      n = 65556,
      nspecial = 20,
      sha256 = "f194b937d424055bbe8e007bcc8e7c4d60f9d1422d411a7623a6ea5fbb30fd46",
      sha_special = "fe661101d1d9ceb2d1e1d5261ae2910d9114201fb87cf7c9a788b7c8a4becee8"
    },
    ["__dp4a:int"] = {
      head = {"0", "1", "ffffffff", "7fffffff", "80000000", "800", "801", "803", "ffe0", "ffef", "fff0", "10000", "1000001", "7fffff80", "fffff7ff", "100"},
      n = 71368,
      nspecial = 5832,
      sha256 = "538367cb1f08b2d32a304dce0b01308f874315d05e48fc3ba30ab330c6a5bb77",
      sha_special = "6a848d53f4d1f42799926959f58b3a778949e348028f354fde39592182931d36"
    },
    ["__dp4a:unsigned"] = {
      head = {"0", "1", "ffffffff", "7fffffff", "80000000", "800", "801", "803", "ffe0", "ffef", "fff0", "10000", "1000001", "7fffff80", "fffff7ff", "100"},
      n = 71368,
      nspecial = 5832,
      sha256 = "350e9e7e6d45265139e9047be94898e5506eadd77f0dce7197691aadee574431",
      sha_special = "44cfe09db8d62f68253e1f2ca47332e285c002472404cfb832c78beb0ee8e4f1"
    },
    __exp10f = {
      bound = {
        checked = 65572,
        fails = 0,
        maxerr = 0.86945313063485
      },
      head = {"3f800000", "3f800000", "3f800000", "3f800000", "3f800000", "3f800000", "41200000", "3dcccccd", "41200003", "411ffffe", "7f800000", "0", "7f800000", "0", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "3a68326c1f9e92b80caebbfbbbd7009537de92bde62b0c3d2a873512484857f9",
      sha_special = "6a00564ad0a0790d3f1fe05a6988c93c090ddb88ebe8a262cd79dcada2ca4c5e"
    },
    __expf = {
      bound = {
        checked = 65572,
        fails = 0,
        maxerr = 0.82696326161947
      },
      head = {"3f800000", "3f800000", "3f800000", "3f800000", "3f800000", "3f800000", "402df854", "3ebc5ab2", "402df855", "402df853", "7f800000", "0", "7f800000", "0", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "ee276c4180d5f3a22e8dfc230d785f85bd21a6b3c02d980f56b0a5e601dfb735",
      sha_special = "d7a7d656596632964f4d595050c8d780acc32adae885dd4b171cb544b3600528"
    },
    __fadd_rd = {
      head = {"0", "80000000", "1", "80000001", "7fffff", "800000", "3f800000", "bf800000", "3f800001", "3f7fffff", "7f7fffff", "ff7fffff", "7f800000", "ff800000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "6973ace89b1493798fe981425db8b4335362f9c51b30e54139487d18d0bf2bf3",
      sha_special = "66bceae0129d9ac1dfa926195227aba67ee0c71500dac97047007d6aec7e81f0"
    },
    __fadd_rn = {
      head = {"0", "0", "1", "80000001", "7fffff", "800000", "3f800000", "bf800000", "3f800001", "3f7fffff", "7f7fffff", "ff7fffff", "7f800000", "ff800000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "1fc3beee9e20e22a8300f7e7ce9fd630cbcce0aadcc96e964a3532516cbf124d",
      sha_special = "b36e0b044cd1dc8755bef3833dce020eca8ca3df3f74b0c2bf4d6cce04a48bb6"
    },
    __fadd_ru = {
      head = {"0", "0", "1", "80000001", "7fffff", "800000", "3f800000", "bf800000", "3f800001", "3f7fffff", "7f7fffff", "ff7fffff", "7f800000", "ff800000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "683cc275ffb80b107d4ab8a503baaf2e0b7e217ee57ec6f132ef2a50cd00ca81",
      sha_special = "75fcf4a81cfa86ea2c1b460f5d9435b9d7e3ba4a76495b0a314f602136272d65"
    },
    __fadd_rz = {
      head = {"0", "0", "1", "80000001", "7fffff", "800000", "3f800000", "bf800000", "3f800001", "3f7fffff", "7f7fffff", "ff7fffff", "7f800000", "ff800000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "5181768d1c9b4ccf83ab226637ebcf68641e878df5bccb745e8f2e513111ad83",
      sha_special = "f187047fe660757145bc8354b30fcc153bf224fb7dee161841f2e3b9aef5592c"
    },
    __fdiv_rd = {
      head = {"7fffffff", "7fffffff", "0", "80000000", "0", "0", "0", "80000000", "0", "0", "0", "80000000", "0", "80000000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "9d1ae65804cc8f1d62f824d49f4356b60e9167547b3b712c6605e481ac49307d",
      sha_special = "6058b9dbef424367d0817dfb3ad325f6d2da10b9a13fc2147aff687ede980543"
    },
    __fdiv_rn = {
      head = {"7fffffff", "7fffffff", "0", "80000000", "0", "0", "0", "80000000", "0", "0", "0", "80000000", "0", "80000000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "7020dac12f7c93f86365233f4e6e0a13328f35c3a55f7e9f7d4720beaec7dad3",
      sha_special = "173a7e516b537cf404dd3fd9253200412b81253a5edd27faa3d3be0b3f5043d7"
    },
    __fdiv_ru = {
      head = {"7fffffff", "7fffffff", "0", "80000000", "0", "0", "0", "80000000", "0", "0", "0", "80000000", "0", "80000000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "4da6e216c9d55b0d2d724a6bf2c213d3fc6fdfbf68d292a5d2cea04ae8ac5016",
      sha_special = "9d72e618aed1145d1a59b1238554dd27937703d89391226b866c9d12ee68068b"
    },
    __fdiv_rz = {
      head = {"7fffffff", "7fffffff", "0", "80000000", "0", "0", "0", "80000000", "0", "0", "0", "80000000", "0", "80000000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "f874b1ebb84e2d02e258f1294e9d0fcb7fd58fc27327e44331dc92999b473c48",
      sha_special = "0f606c704b6edaf50abccb96a0bebaf78ecb1401cf594625a95985ae78eb413d"
    },
    __fdividef = {
      bound = {
        checked = 66832,
        fails = 0,
        maxerr = 0.77259813919663
      },
      head = {"7fffffff", "7fffffff", "0", "80000000", "0", "0", "0", "80000000", "0", "0", "0", "80000000", "0", "80000000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "2e29abe9c3ccb007f55f184b8cba48fc8aecd64cc3dfdca5d954433c6fb6bcf5",
      sha_special = "a0c143ccbbd2ba571bf8a79c3230d6614f8d06927c4c49783142161f3594d004"
    },
    __ffs = {
      head = {"0", "1", "1", "1", "20", "c", "1", "1", "6", "1", "5", "11", "1", "8", "1", "9"},
      n = 65554,
      nspecial = 18,
      sha256 = "50632706c8b6e1b56a155f47fca5a001d454c4bebf72bffd76d7645e1f52a608",
      sha_special = "3a00050c92217ecefd0687c8cd961bdff10ca812798c462f749e49a1c38a0072"
    },
    __ffsll = {
      head = {"0", "1", "1", "1", "40", "1", "1", "1", "5", "1", "1", "1", "1", "1", "2", "4"},
      n = 65550,
      nspecial = 14,
      sha256 = "8db7c41337020c008cb694b884f002648a3c727ccd6a840307be08e5f3f8964c",
      sha_special = "882cd0555ac30a52f01458e412c548ccf866dd0995e8710fbd8a2b3bcce34fd8"
    },
    __float2bfloat16 = {
      head = {"0", "8000", "0", "8000", "80", "80", "3f80", "bf80", "3f80", "3f80", "7f80", "ff80", "7f80", "ff80", "7fff", "7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "803a75f08f1ace837f1756d1c4a361d0679a9711bcf44f2367f0e5d2e82719bc",
      sha_special = "908a5d7413b84fd67516a328a3e20408ad7fd633a1aa257cce5356ee981b399e"
    },
    __float2bfloat162_rn = {
      head = {"0", "80008000", "0", "80008000", "800080", "800080", "3f803f80", "bf80bf80", "3f803f80", "3f803f80", "7f807f80", "ff80ff80", "7f807f80", "ff80ff80", "7fff7fff", "7fff7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "5ca8159b28716c445e1c96941f1596fce5e59e8dcfac306b026970244b4bc882",
      sha_special = "45884c871392a179b6ee415b7b0a4417d337be5404c713f5b4be8143f8521f22"
    },
    __float2bfloat16_rd = {
      head = {"0", "8000", "0", "8001", "7f", "80", "3f80", "bf80", "3f80", "3f7f", "7f7f", "ff80", "7f80", "ff80", "7fff", "7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "20244dc5b90e741e2ba97b6ceeabef1be4346f6ffac3e1002e5d43f097199f39",
      sha_special = "e0523aa9c05ecb6f5475adc37040d84e50ba97cc6a4c1b52910bbbfda822e3e8"
    },
    __float2bfloat16_rn = {
      head = {"0", "8000", "0", "8000", "80", "80", "3f80", "bf80", "3f80", "3f80", "7f80", "ff80", "7f80", "ff80", "7fff", "7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "127fff6ea8e3e5d5dcf92723eb7b0ea807aea16c28b24d7675e20acc694c409a",
      sha_special = "908a5d7413b84fd67516a328a3e20408ad7fd633a1aa257cce5356ee981b399e"
    },
    __float2bfloat16_ru = {
      head = {"0", "8000", "1", "8000", "80", "80", "3f80", "bf80", "3f81", "3f80", "7f80", "ff7f", "7f80", "ff80", "7fff", "7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "854654d276adeddc6abe1dade6bbe5389b60afc2fce6dcdf4f949f6983480969",
      sha_special = "fcbd5a8fe2f132f74a5d29cd74e34d597c64cc44cd58fdabdb6c9f2b5a9ba668"
    },
    __float2bfloat16_rz = {
      head = {"0", "8000", "0", "8000", "7f", "80", "3f80", "bf80", "3f80", "3f7f", "7f7f", "ff7f", "7f80", "ff80", "7fff", "7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "c7ce538a106ca1f4915bf14c1a1ae78d002cbdd15d4cfa8bfe7def1e9f25605a",
      sha_special = "320ae9d36fd0b25795756d4c721edbc13944b29f475a5f7c6852a2a05237919f"
    },
    __float2half = {
      head = {"0", "8000", "0", "8000", "0", "0", "3c00", "bc00", "3c00", "3c00", "7c00", "fc00", "7c00", "fc00", "7fff", "7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "2acf2b9510dd8f87042ccd1e46b3943439e7ffbbe8868468fcc5249806df03ce",
      sha_special = "7482d40eb4fcdda36f5b6cf1f1d27716e185902b6f11f24d77e613056f84cf6b"
    },
    __float2half2_rn = {
      head = {"0", "80008000", "0", "80008000", "0", "0", "3c003c00", "bc00bc00", "3c003c00", "3c003c00", "7c007c00", "fc00fc00", "7c007c00", "fc00fc00", "7fff7fff", "7fff7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "036b28ec5c3ea6fe85d91cb48f8e341316a334a41e30255f41b1ad9e3235db41",
      sha_special = "f9388039d797f345c5c218658c089e5ee9546ef22a2a7f41b7ddd853db3bd56a"
    },
    __float2half_rd = {
      head = {"0", "8000", "0", "8001", "0", "0", "3c00", "bc00", "3c00", "3bff", "7bff", "fc00", "7c00", "fc00", "7fff", "7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "d0584e8b53a40cb953ac17a3bfe7ef6d8ccaed3f4d7df826b0509057f75d7273",
      sha_special = "d030cdf5e4515d203f426884aec960149e3c6453a29b180144d4e6fde5f7df40"
    },
    __float2half_rn = {
      head = {"0", "8000", "0", "8000", "0", "0", "3c00", "bc00", "3c00", "3c00", "7c00", "fc00", "7c00", "fc00", "7fff", "7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "d99883c3a3bf22ed6c4c46c2cb1fce57b6165f8df4d60f1f6e76f302b758aa87",
      sha_special = "7482d40eb4fcdda36f5b6cf1f1d27716e185902b6f11f24d77e613056f84cf6b"
    },
    __float2half_ru = {
      head = {"0", "8000", "1", "8000", "1", "1", "3c00", "bc00", "3c01", "3c00", "7c00", "fbff", "7c00", "fc00", "7fff", "7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "7f2b347bf28873b478c5360e5749980d171f7596d07161517d0477ae5ad45084",
      sha_special = "fc745611d81f7a8476d782aed42dc157e19f50860c2344e8430c003e83679c6b"
    },
    __float2half_rz = {
      head = {"0", "8000", "0", "8000", "0", "0", "3c00", "bc00", "3c00", "3bff", "7bff", "fbff", "7c00", "fc00", "7fff", "7fff"},
      n = 65572,
      nspecial = 36,
      sha256 = "2b2c992c7fa6a1c80ee8a45422186aa9ae36569a4efe1080c4411f5e72fc26be",
      sha_special = "7e512eb98221f5f28acd539b34015e453016f88cf1e910b6891715eb89dc978d"
    },
    __float2int_rd = {
      head = {"0", "0", "0", "ffffffff", "0", "0", "1", "ffffffff", "1", "0", "7fffffff", "80000000", "7fffffff", "80000000", "0", "0"},
      n = 65572,
      nspecial = 36,
      sha256 = "061097f87f967ef428fd5e9e00d36f9ddc1a6b265988093888a16d78ca34cdb4",
      sha_special = "b723deae21f25e2f41966984887ead005dea4df8c905dca78a26e138f3a1c12e"
    },
    __float2int_rn = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ffffffff", "1", "1", "7fffffff", "80000000", "7fffffff", "80000000", "0", "0"},
      n = 65572,
      nspecial = 36,
      sha256 = "eb3087a1f98e23c6dece0c707efbc4d331f93b21c361c18f21dcb5bd5fef9942",
      sha_special = "ae8417adbc1e3c1a5884c19f17fe1381a05c50da70fc6f2610a71c82f4a1c317"
    },
    __float2int_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "ffffffff", "2", "1", "7fffffff", "80000000", "7fffffff", "80000000", "0", "0"},
      n = 65572,
      nspecial = 36,
      sha256 = "7485699bc5caf69fb23b36100ad99fab97768def9407a5df0952ceeddc098b34",
      sha_special = "b1b5af5471278ab93c565fe5caeade7e01672cb9bdb7ecfb5c3c2256658eed3a"
    },
    __float2int_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ffffffff", "1", "0", "7fffffff", "80000000", "7fffffff", "80000000", "0", "0"},
      n = 65572,
      nspecial = 36,
      sha256 = "c014a56b3aa814b0ac1da1c3af1865ab548a194cb9828147a07d8b9028bfc110",
      sha_special = "e2ad1681bc980f2d24654537835c31a97a852ecbe4447691640a389067ed4252"
    },
    __float2ll_rd = {
      head = {"0", "0", "0", "ffffffffffffffff", "0", "0", "1", "ffffffffffffffff", "1", "0", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65572,
      nspecial = 36,
      sha256 = "7e184acd37cb7cf8c083858da468deac8a9d069964d763168ed3e53801ecc0f6",
      sha_special = "9e56a849d752ba76899305ccb6e07207345992bd84d1d18cc66c250d2a0686d4"
    },
    __float2ll_rn = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ffffffffffffffff", "1", "1", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65572,
      nspecial = 36,
      sha256 = "4afcb2ef1fb79628e5ba48df0167d54c04f50071a1c4de93b98659ff94a30f3f",
      sha_special = "91359f1e3eb7bb2da07195f02a0b957aa6d4831aa4c8fd5ff45bb1f64b403739"
    },
    __float2ll_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "ffffffffffffffff", "2", "1", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65572,
      nspecial = 36,
      sha256 = "c90caedd5667cf0af0b85720ac1f726a12fc9fc30715a792974f3b0cc7df39ca",
      sha_special = "b5f9ce0a75b40fba7485564240bdebe9e6c9c3fb3f8ee4c5bff17b1bbcc2e656"
    },
    __float2ll_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ffffffffffffffff", "1", "0", "7fffffffffffffff", "8000000000000000", "7fffffffffffffff", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65572,
      nspecial = 36,
      sha256 = "55872875b4f19be5dafa98cd2d33c78b080afdb9653b34b28b6d4b08415cac89",
      sha_special = "5a4bd45f0853b942daa524cd7ce67f5db18ca3722f3bcf4809cec4ffa28db421"
    },
    __float2uint_rd = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "1", "0", "ffffffff", "0", "ffffffff", "0", "0", "0"},
      n = 65572,
      nspecial = 36,
      sha256 = "954c956ebd985923775ab6a10f733fd1f45135ab51a680628d593ad262ca7011",
      sha_special = "82c6f0b65e78611f695f71151c59a4d3e3e5016dfeb141f2090c924961361ca9"
    },
    __float2uint_rn = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "1", "1", "ffffffff", "0", "ffffffff", "0", "0", "0"},
      n = 65572,
      nspecial = 36,
      sha256 = "893ee1192c5c1e419408daeb798ee070d4c358d4faa0d1e3c94a4579b2aa1890",
      sha_special = "d69502ce767a29f7ec0a72b98eaa3a9b301d3d9d89c535289cadd7f28adcd12e"
    },
    __float2uint_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "2", "1", "ffffffff", "0", "ffffffff", "0", "0", "0"},
      n = 65572,
      nspecial = 36,
      sha256 = "4cbf11f078105efe48380906ee6952fd19e1dd068497fa6a8f1403b5b47afae0",
      sha_special = "678c914fc9a59deee248e68924c2cdb61c4eacb8125ae071b764c9cc6d8b930c"
    },
    __float2uint_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "1", "0", "ffffffff", "0", "ffffffff", "0", "0", "0"},
      n = 65572,
      nspecial = 36,
      sha256 = "573c27d68cd70cf632bef1a7a8de9777ffddd062e7d982e6e13e49cbaadde839",
      sha_special = "82c6f0b65e78611f695f71151c59a4d3e3e5016dfeb141f2090c924961361ca9"
    },
    __float2ull_rd = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "1", "0", "ffffffffffffffff", "0", "ffffffffffffffff", "0", "8000000000000000", "8000000000000000"},
      n = 65572,
      nspecial = 36,
      sha256 = "05f4885a8a8449fb08108929c6be1a910854d7f8a6e4c63bf747b57d683b43f5",
      sha_special = "045ec71ae5e4902f5493bcef0ef843f553ab6f4858bf04bc46c03d531b43a8cd"
    },
    __float2ull_rn = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "1", "1", "ffffffffffffffff", "0", "ffffffffffffffff", "0", "8000000000000000", "8000000000000000"},
      n = 65572,
      nspecial = 36,
      sha256 = "009b69b5072d7cc7c9f2fb1e7b0c4aa3a24a3b9cbbfe177a9fcd2c9548626c05",
      sha_special = "a1a8fa0d95874df656589d5d88e29a86376f0b47a8a468f1576418bf6d93b0d0"
    },
    __float2ull_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "2", "1", "ffffffffffffffff", "0", "ffffffffffffffff", "0", "8000000000000000", "8000000000000000"},
      n = 65572,
      nspecial = 36,
      sha256 = "82e574dfffbe744624563f2df9ac7fcc7cb7d2867a910e1493d15d40d961d0eb",
      sha_special = "7530058f8db8c06c3e049051d75ab540c9b0929bb5d9f7535d8d0c3f26c05734"
    },
    __float2ull_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "1", "0", "ffffffffffffffff", "0", "ffffffffffffffff", "0", "8000000000000000", "8000000000000000"},
      n = 65572,
      nspecial = 36,
      sha256 = "f4b4a3eb4f959ec942db6095b7e567e264a82851b6e59e097b57b6d262078e92",
      sha_special = "045ec71ae5e4902f5493bcef0ef843f553ab6f4858bf04bc46c03d531b43a8cd"
    },
    __float_as_int = {
      head = {"0", "80000000", "1", "80000001", "7fffff", "800000", "3f800000", "bf800000", "3f800001", "3f7fffff", "7f7fffff", "ff7fffff", "7f800000", "ff800000", "7fc00000", "7f800001"},
      n = 65572,
      nspecial = 36,
      sha256 = "38f41f8886e74325f8ba4d8f35c480de14740ba30733d0d9335bcfbe245e00e7",
      sha_special = "d10b4c0c039a60238adaec9f78c0cb757b16f761e404afe6671bfab3243cec0c"
    },
    __floats2bfloat162_rn = {
      head = {"0", "80000000", "0", "80000000", "800000", "800000", "3f800000", "bf800000", "3f800000", "3f800000", "7f800000", "ff800000", "7f800000", "ff800000", "7fff0000", "7fff0000"},
      n = 66832,
      nspecial = 1296,
      sha256 = "7fe0960a3b2732f6f80c8491cf934d344a90547f0a7ba81f32cf38a69f1c157e",
      sha_special = "58fe20df218423d579c57ecfdba2a82b6ac61bbeed097739a38c09e74cb92b2c"
    },
    __floats2half2_rn = {
      head = {"0", "80000000", "0", "80000000", "0", "0", "3c000000", "bc000000", "3c000000", "3c000000", "7c000000", "fc000000", "7c000000", "fc000000", "7fff0000", "7fff0000"},
      n = 66832,
      nspecial = 1296,
      sha256 = "02e38a47a95f8dffff2307458dd027c1c652f0d6edee623f7b9cbd05453e1713",
      sha_special = "c397c7f69be00cb8c474397235eec4f890eed75d635bfd84a9af6f9b0a63b518"
    },
    __fmaf_rd = {
      head = {"0", "80000000", "1", "80000001", "7fffff", "800000", "3f800000", "bf800000", "3f800001", "3f7fffff", "7f7fffff", "ff7fffff", "7f800000", "ff800000", "7fffffff", "7fffffff"},
      n = 112192,
      nspecial = 46656,
      sha256 = "50a6c8711275b239db69904bb3bd5a3efc765068c802f572eefeda964a38a944",
      sha_special = "658f7758bd42722165dc7eea82e3fb385436c9bea01b0525013b370e270b04f5"
    },
    __fmaf_rn = {
      head = {"0", "0", "1", "80000001", "7fffff", "800000", "3f800000", "bf800000", "3f800001", "3f7fffff", "7f7fffff", "ff7fffff", "7f800000", "ff800000", "7fffffff", "7fffffff"},
      n = 112192,
      nspecial = 46656,
      sha256 = "2520b289d5fd17531039910c074861abf2e84a2e32bef52a273e9e46d09c86ac",
      sha_special = "10b87816099cfd683e1e2ae3a1f0543d7ccb9705d0b17be8864374b2c5e13b3e"
    },
    __fmaf_ru = {
      head = {"0", "0", "1", "80000001", "7fffff", "800000", "3f800000", "bf800000", "3f800001", "3f7fffff", "7f7fffff", "ff7fffff", "7f800000", "ff800000", "7fffffff", "7fffffff"},
      n = 112192,
      nspecial = 46656,
      sha256 = "d64906befd60c99d9d478f434d803d733fed0e9eead1a9ffab56290cdc732439",
      sha_special = "af507c2e42e0eff26b170f9a54f97869d44c87bd9784215b31213cd50a362858"
    },
    __fmaf_rz = {
      head = {"0", "0", "1", "80000001", "7fffff", "800000", "3f800000", "bf800000", "3f800001", "3f7fffff", "7f7fffff", "ff7fffff", "7f800000", "ff800000", "7fffffff", "7fffffff"},
      n = 112192,
      nspecial = 46656,
      sha256 = "a7fc75fcaa9a90d6ba3acf599dcbe3c8e4f4876a8be90229f40588fa98dc0026",
      sha_special = "5fdf68a0594a19ca0faab3364a6b613a10338e17f69dde41109679cf29f48b9c"
    },
    __fmul_rd = {
      head = {"0", "80000000", "0", "80000000", "0", "0", "0", "80000000", "0", "0", "0", "80000000", "7fffffff", "7fffffff", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "bd2d6230777389197cbee8b63b088a9fb8e36c1bb375a22875ca8e65c0e64b52",
      sha_special = "65fea22f3855c78fe08fa66b74da3487ce29b9fa9fa9c64ccd27b5ddcaf46726"
    },
    __fmul_rn = {
      head = {"0", "80000000", "0", "80000000", "0", "0", "0", "80000000", "0", "0", "0", "80000000", "7fffffff", "7fffffff", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "c262cd51555a9e4d55de1a31aeca86354c5f6932dea3db0b7b05078cedeea5c6",
      sha_special = "b73a5ae1eac4cc51159704e5c237753c079038d8afadea85c5bebbab4c46b6aa"
    },
    __fmul_ru = {
      head = {"0", "80000000", "0", "80000000", "0", "0", "0", "80000000", "0", "0", "0", "80000000", "7fffffff", "7fffffff", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "8a64df1bb24faadf21debeb4ecf5a601bce9369ddc76f5b5e324e0f5c3b20c4d",
      sha_special = "97e57b314afe619addfe494f2ce962006af6e7988f1cff8680491725e6ec01c1"
    },
    __fmul_rz = {
      head = {"0", "80000000", "0", "80000000", "0", "0", "0", "80000000", "0", "0", "0", "80000000", "7fffffff", "7fffffff", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "7aa90b955ade74cde7b0134834054c88feb2365c304f937ac1b05eddf6862f50",
      sha_special = "165ac7512e4c75a389241dccb9357adaf027d8b4f8dac736ec9a851435f8d953"
    },
    __frcp_rd = {
      head = {"7f800000", "ff800000", "7f7fffff", "ff800000", "7e800001", "7e800000", "3f800000", "bf800000", "3f7ffffe", "3f800000", "200000", "80200001", "0", "80000000", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "b7b80f9477077be638f6c1d3d5c9f1e4ed11c0f4130c5bdcc0fc4d991f2212d5",
      sha_special = "fcdcd4677608e52917842a708b62849c2c49fd80153ac3997abc45d0f0bb6b70"
    },
    __frcp_rn = {
      head = {"7f800000", "ff800000", "7f800000", "ff800000", "7e800001", "7e800000", "3f800000", "bf800000", "3f7ffffe", "3f800001", "200000", "80200000", "0", "80000000", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "a18aaddbd3d6b3fa5c4092c367cea9e8158a8600ad39b96487c5a69e2a17f46f",
      sha_special = "82d17906346fad61d8b2dfbd641cd17346d3b6ab832e43ed32f2c49651b548a3"
    },
    __frcp_ru = {
      head = {"7f800000", "ff800000", "7f800000", "ff7fffff", "7e800002", "7e800000", "3f800000", "bf800000", "3f7fffff", "3f800001", "200001", "80200000", "0", "80000000", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "fde05447b7576d25f707293fed0d53dfa2929171660684a2fe611e6728ab234c",
      sha_special = "a284e8a32e469c365620db5d25bfe8111e9cbb3c4576a95645530698f0b1b920"
    },
    __frcp_rz = {
      head = {"7f800000", "ff800000", "7f7fffff", "ff7fffff", "7e800001", "7e800000", "3f800000", "bf800000", "3f7ffffe", "3f800000", "200000", "80200000", "0", "80000000", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "0caa1db445ff78f8eba93c51f550cf046b7347520dc9ff4f289618b0b7759afb",
      sha_special = "ad3c3bcab5969c807d35a9ad85715fe4e2f0be721e1b3878386e8ebf522c00e0"
    },
    __frsqrt_rn = {
      head = {"7f800000", "ff800000", "64b504f3", "7fffffff", "5f000001", "5f000000", "3f800000", "7fffffff", "3f7fffff", "3f800000", "1f800000", "7fffffff", "0", "7fffffff", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "0873ad226b77ca6eed2d553a3b90b6f916299c020e8e383f6ecf7dad1248f1ef",
      sha_special = "c5750f86bc240ec84fbd9464c1c9f1b27f4100a38bd338b63eb71baef8f89bdf"
    },
    __fsqrt_rd = {
      head = {"0", "80000000", "1a3504f3", "7fffffff", "1ffffffe", "20000000", "3f800000", "7fffffff", "3f800000", "3f7fffff", "5f7fffff", "7fffffff", "7f800000", "7fffffff", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "0f75f74efa18d6b2a960417011c59d80a0ba380263c0c6a45b569d9149b204ad",
      sha_special = "f435f772d5311860b6137065238a169bd6235cbdcfb868ff2eb1d441b4698451"
    },
    __fsqrt_rn = {
      head = {"0", "80000000", "1a3504f3", "7fffffff", "1fffffff", "20000000", "3f800000", "7fffffff", "3f800000", "3f7fffff", "5f7fffff", "7fffffff", "7f800000", "7fffffff", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "30f8ffceb32f15d9f5ffe5bed79fb79da4b6d774baeacd5f14ae8dd7b8971953",
      sha_special = "89c83448698309dac0208d11b83b86a7c1de21f86cfeacd6f24703607000e0b8"
    },
    __fsqrt_ru = {
      head = {"0", "80000000", "1a3504f4", "7fffffff", "1fffffff", "20000000", "3f800000", "7fffffff", "3f800001", "3f800000", "5f800000", "7fffffff", "7f800000", "7fffffff", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "bea8ad0c26892a356edb30502621f7209852731e00cdd66057749a5229d9ab75",
      sha_special = "5dd4072e27ddbaf0e5866a65a67a0c93b795f74bb623252031c1fbd5c1cb4ef3"
    },
    __fsqrt_rz = {
      head = {"0", "80000000", "1a3504f3", "7fffffff", "1ffffffe", "20000000", "3f800000", "7fffffff", "3f800000", "3f7fffff", "5f7fffff", "7fffffff", "7f800000", "7fffffff", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "326cc702a40e488336e7fd5bb9d3da55ed7d9e857a31a102d20fa1bd4e6a9a78",
      sha_special = "f435f772d5311860b6137065238a169bd6235cbdcfb868ff2eb1d441b4698451"
    },
    __fsub_rd = {
      head = {"80000000", "0", "80000001", "1", "807fffff", "80800000", "bf800000", "3f800000", "bf800001", "bf7fffff", "ff7fffff", "7f7fffff", "ff800000", "7f800000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "86f1ebfb30cb79b3eeb8bf92712bc7db01f8bd770fde5449b07eedbffd4eeaa3",
      sha_special = "eec8b4550bfb2c3390ee2dbe6d50895f3cf4b94997c424946e9569ce79eafa24"
    },
    __fsub_rn = {
      head = {"0", "0", "80000001", "1", "807fffff", "80800000", "bf800000", "3f800000", "bf800001", "bf7fffff", "ff7fffff", "7f7fffff", "ff800000", "7f800000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "fb4d48eb1ae04269801aed6910e13e334e7351e713f76b0b4066329865ff8182",
      sha_special = "8f268a1d9c219a0dde671f879d9cf0e3768df962770253d2b866d8a60dad4242"
    },
    __fsub_ru = {
      head = {"0", "0", "80000001", "1", "807fffff", "80800000", "bf800000", "3f800000", "bf800001", "bf7fffff", "ff7fffff", "7f7fffff", "ff800000", "7f800000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "cd4a938577aa966e7ebc9c9c7e3a778d40fd989f0423b011a7cfd63ccdc3792b",
      sha_special = "ba251b2c428c1903a6402495c1ee697c522d72af44ca16be7570c732b8ce2937"
    },
    __fsub_rz = {
      head = {"0", "0", "80000001", "1", "807fffff", "80800000", "bf800000", "3f800000", "bf800001", "bf7fffff", "ff7fffff", "7f7fffff", "ff800000", "7f800000", "7fffffff", "7fffffff"},
      n = 66832,
      nspecial = 1296,
      sha256 = "d78b16bf72163390a38a97e52b0cf9003e8370d25c6b4e9f20845740274c5719",
      sha_special = "53525298a28e8a25d7b95de0c067eafed2d83569dcc643b5e8e96f4c251acd01"
    },
    __funnelshift_l = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 71368,
      nspecial = 5832,
      sha256 = "af0072835771c388f897e3d84a51bc7a24c53d1a864d40f8ef1d8aeb04dd0d02",
      sha_special = "ea2f23f1b101594ae7b6bf178b383b5abfc76e227031fa0f4d2f12c56762568b"
    },
    __funnelshift_lc = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 71368,
      nspecial = 5832,
      sha256 = "3805c16032abc1607d24dffa308f95a05bd075ede9c1d387e0d8ad9713421a9e",
      sha_special = "f1d4fc6fb24e3aa110e9a956e1ccc7731760bed0d0c8ace8cae016fcad5abf4c"
    },
    __funnelshift_r = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 71368,
      nspecial = 5832,
      sha256 = "f6683c706f708b85d747a88dd7764852ede8eefd19b83acf48ea8e59fa049182",
      sha_special = "bdce4d5be2a1a9435185d21633a6cd4920f91c49420472a2a407ef9b95ba4b8d"
    },
    __funnelshift_rc = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 71368,
      nspecial = 5832,
      sha256 = "3b0489d8fb280fedf8e9c3a56912c32dc335f8789448ff1d1de6f431bab2b67b",
      sha_special = "5358858f315d3a75dddb4163d639ad64f547132ec5f56983360dac78da6ca1f2"
    },
    ["__h2div:bfloat16"] = {
      head = {"3f807fff", "80007fff", "80020000", "bc018000", "0", "80000000", "bc000000", "80008000", "80000000", "80010000", "0", "ff808000", "10000", "7fff8000", "7f807fff", "80017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "281b31b3e6ab72515646db9747444f1a1eda0f7e334398b689b24063edefec21",
      sha_special = "0c6c6768c8e82b304ecdbba000bab953e98a484fb12b6c912e65bbaaf08aae60"
    },
    ["__h2div:half"] = {
      head = {"3c007fff", "80007fff", "80020000", "94018000", "0", "80000000", "94000000", "80008000", "80000000", "80010000", "0", "fc008000", "10000", "7fff8000", "7c007fff", "80017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "768180a38fc0feb3bdddd1263c8ed84f6f35e1216ba04ec4328fa47997a95896",
      sha_special = "3f9f8bb4e672a78a0ba7bd6766e5915798aee7240844cdc3632bded093a6c7c6"
    },
    ["__habs2:bfloat16"] = {
      head = {"10000", "7f7f0000", "3f000001", "7f0001", "7f7f007f", "40000080", "803f80", "7f803f80", "40403f81", "3f803f7f", "7f807f7f", "7f7f", "3f807f80", "7fff7f80", "7fff", "3f817fff"},
      n = 65556,
      nspecial = 20,
      sha256 = "1adccf7b3d31490d87b1ac7ed195f2883f3369b13b51cdd25eea74868b005f24",
      sha_special = "ee10d592bcafdc5e79a572fbaf70d572125606ed557a01fbc18366a324ffde8d"
    },
    ["__habs2:half"] = {
      head = {"10000", "7bff0000", "38000001", "3ff0001", "7bff03ff", "40000400", "4003c00", "7c003c00", "42003c01", "3c003bff", "7c007bff", "7bff", "3c007c00", "7fff7c00", "7fff", "3c017fff"},
      n = 65556,
      nspecial = 20,
      sha256 = "f1bc311e0a13b1cc6ff56ff96584cb3cd87679744c25f3fd199ae1dc08bb9d09",
      sha_special = "4bf517205b3f7deff6d2a5e638ae3fa793ea3c9e296f29665a9d534e8e7e6e59"
    },
    ["__habs:bfloat16"] = {
      head = {"0", "0", "1", "1", "3ff", "400", "3c00", "3c00", "7bff", "7bff", "7c00", "7c00", "7e00", "7c01", "7e01", "3c01", "80", "3f80", "7f7f", "7f80", "7f80", "7fff"},
      n = 65536,
      sha256 = "59cf835f7d1d6be53fdae4f30b8a189a1f1c66ba935d8bd800b2721a5388779d"
    },
    ["__habs:half"] = {
      head = {"0", "0", "1", "1", "3ff", "400", "3c00", "3c00", "7bff", "7bff", "7c00", "7c00", "7fff", "7fff", "7fff", "3c01", "80", "3f80", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "a08d2870520aea22ebbe6b020821b84ea06f63e067b4eeacddcdd3190602213d"
    },
    ["__hadd2:bfloat16"] = {
      head = {"80020000", "7f7f0000", "3f000001", "7e8001", "ff7f007f", "40000080", "7f3f80", "7f80bf80", "40403f81", "3f803f7f", "ff807f7f", "8001ff7f", "bf807f80", "7fffff80", "80017fff", "3f817fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "d9e824d79e73ff014c0c33119fdacd35b079d6344df92f9073821354a224e2f7",
      sha_special = "347f3b516dac30eac62c9f63748f1ccf324b54839fe9fdc7b1bdbf8d0d39056b"
    },
    ["__hadd2:half"] = {
      head = {"80020000", "7bff0000", "38000001", "3fe8001", "fbff03ff", "40000400", "3ff3c00", "7c00bc00", "42003c01", "3c003bff", "fc007bff", "8001fbff", "bc007c00", "7ffffc00", "80017fff", "3c017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "5d348668b2fc6e8d4adbcfca0666b40b4588fbc44877ded87ecba188c3fe2e03",
      sha_special = "711c51d4e9c9c3ca52fed294838118ab825037a977dc0addf2a6bf4722b2687a"
    },
    ["__hadd2_sat:bfloat16"] = {
      head = {"0", "3f800000", "3f000001", "7e0000", "7f", "3f800080", "7f3f80", "3f800000", "3f803f80", "3f803f7f", "3f80", "0", "3f80", "0", "0", "3f800000"},
      n = 65936,
      nspecial = 400,
      sha256 = "945312f1eedbb070ab20191d843451f32f82debc46367d0497765bbaf2778d13",
      sha_special = "56b1ef91e68ce948e066d39ea2ec2f84671caa3052c193064e912f4fabd0d5e5"
    },
    ["__hadd2_sat:half"] = {
      head = {"0", "3c000000", "38000001", "3fe0000", "3ff", "3c000400", "3ff3c00", "3c000000", "3c003c00", "3c003bff", "3c00", "0", "3c00", "0", "0", "3c000000"},
      n = 65936,
      nspecial = 400,
      sha256 = "10b63cbaccc12a9a85c5b6916f5206d4f7311f6456b93eb856429fd79dcae547",
      sha_special = "77d979e723ed28524af2d345cf879312ce706e45b2be0bb45a0606c77ecf105e"
    },
    ["__hadd:bfloat16"] = {
      head = {"0", "0", "1", "8001", "7f", "80", "3f80", "bf80", "3f81", "3f7f", "7f7f", "ff7f", "7f80", "ff80", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "ce5728f1918c8ef1144747f49e52d14ebdf6b3a592b7873b87089cece164a7e3",
      sha_special = "e80791b02f715e50442a41ffb50faa061f5b1b2399962df832369ce779b4b9ea"
    },
    ["__hadd:half"] = {
      head = {"0", "0", "1", "8001", "3ff", "400", "3c00", "bc00", "3c01", "3bff", "7bff", "fbff", "7c00", "fc00", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "2f05cc8617b32ba9a41fe3168ec16f0e883735737c8ee47d6bb52dc012038fdd",
      sha_special = "26d8b4f76b1ef9a9a58f4598279860964b7912173b0671f9ff087593c2c271cc"
    },
    ["__hadd:int"] = {
      head = {"0", "0", "ffffffff", "3fffffff", "c0000000", "400", "400", "401", "7ff0", "7ff7", "7ff8", "8000", "800000", "3fffffc0", "fffffbff", "80"},
      n = 65860,
      nspecial = 324,
      sha256 = "ac7d10fa820c22defc9fe722bfc1f66049688d7fa0b22c2f56628ee5b8fb7e54",
      sha_special = "936b5f63e67fe874728af88e336608612e5c09b49c21cae82e9489213880d655"
    },
    ["__hadd_rn:bfloat16"] = {
      head = {"0", "0", "1", "8001", "7f", "80", "3f80", "bf80", "3f81", "3f7f", "7f7f", "ff7f", "7f80", "ff80", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "aab5fd32214051b1c89cadd6fde8a627509742efc1847cf9b449a57721a1306f",
      sha_special = "e80791b02f715e50442a41ffb50faa061f5b1b2399962df832369ce779b4b9ea"
    },
    ["__hadd_rn:half"] = {
      head = {"0", "0", "1", "8001", "3ff", "400", "3c00", "bc00", "3c01", "3bff", "7bff", "fbff", "7c00", "fc00", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "c4cdcb8c54430f29526dfb16239cb4077a113f2427a035eb7f236a8dd589487f",
      sha_special = "26d8b4f76b1ef9a9a58f4598279860964b7912173b0671f9ff087593c2c271cc"
    },
    ["__hadd_sat:bfloat16"] = {
      head = {"0", "0", "1", "0", "7f", "80", "3f80", "0", "3f80", "3f7f", "3f80", "0", "3f80", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "7ad6f4c244da836e3a5c1b115d7849b1fe61f21404a77afe258075d3ada5e145",
      sha_special = "31acfb992e77264a0b941f4e5e47e9afe6d5c8189a426eeeee1f9072fe303cf6"
    },
    ["__hadd_sat:half"] = {
      head = {"0", "0", "1", "0", "3ff", "400", "3c00", "0", "3c00", "3bff", "3c00", "0", "3c00", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "622586333d941ff9a469ce1a51e65c5e85a2eef5d476dfca6c192c70084a4a11",
      sha_special = "e13537bd0530d642e0a13d6e8ae1a4c6ee2ca6b7ac1d83481aeb8ab18c490c07"
    },
    __half22float2 = {
      head = {"b380000000000000", "477fe00080000000", "3f00000033800000", "387fc000b3800000", "c77fe000387fc000", "4000000038800000", "388000003f800000", "7f800000bf800000", "404000003f802000", "3f8000003f7fe000", "ff800000477fe000", "c77fe000", "bf8000007f800000", "7fffffffff800000", "800000007fffffff", "3f8020007fffffff"},
      n = 65556,
      nspecial = 20,
      sha256 = "ff253ca4099f6f9cd7cc864609579c31861cd5c547454b41718704a24772f25b",
      sha_special = "75bd1ccc177d80fd43ca140f5f1b2824c1636102e49286a0e57ae57410b54c74"
    },
    __half2char_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ff", "7f", "80", "7f", "80", "0", "0", "0", "1", "0", "1", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "2476890e58e40deea3bda570819a08bc4b377ddaf2dd112918db1ae26bc783a5"
    },
    __half2float = {
      head = {"0", "80000000", "33800000", "b3800000", "387fc000", "38800000", "3f800000", "bf800000", "477fe000", "c77fe000", "7f800000", "ff800000", "7fffffff", "7fffffff", "7fffffff", "3f802000", "37000000", "3ff00000", "7fffffff", "7fffffff", "7fffffff", "7fffffff"},
      n = 65536,
      sha256 = "ce398f2c51f1144121e207ba0bf77669d7a9eb22eb701fc6ec8c04a7ca41c85b"
    },
    __half2half2 = {
      head = {"0", "80008000", "10001", "80018001", "3ff03ff", "4000400", "3c003c00", "bc00bc00", "7bff7bff", "fbfffbff", "7c007c00", "fc00fc00", "7e007e00", "7c017c01", "fe01fe01", "3c013c01", "800080", "3f803f80", "7f7f7f7f", "7f807f80", "ff80ff80", "7fc07fc0"},
      n = 65536,
      sha256 = "e8511eaa47f4f2cf381eeeda125070dd4da65571639416aa88f7b9a949ab0b7a"
    },
    __half2int_rd = {
      head = {"0", "0", "0", "ffffffff", "0", "0", "1", "ffffffff", "ffe0", "ffff0020", "7fffffff", "80000000", "0", "0", "0", "1", "0", "1", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "9a75f96513878935be83b1e173f6939db72cedc861ca1ae67322db6c20d4148c"
    },
    __half2int_rn = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ffffffff", "ffe0", "ffff0020", "7fffffff", "80000000", "0", "0", "0", "1", "0", "2", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "2189443a46d04a9fc6a6203e762edc35eab788e5648b87b63630a5303d133226"
    },
    __half2int_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "ffffffff", "ffe0", "ffff0020", "7fffffff", "80000000", "0", "0", "0", "2", "1", "2", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "01702b0b4fbc0dfab919d24877188fe9d119c08cb49437ad73fb37641cdb0c2e"
    },
    __half2int_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ffffffff", "ffe0", "ffff0020", "7fffffff", "80000000", "0", "0", "0", "1", "0", "1", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "25d67eae70a213e0e324bdbc396b72624d92e18448f6ac858b73a806fcda99aa"
    },
    __half2ll_rd = {
      head = {"0", "0", "0", "ffffffffffffffff", "0", "0", "1", "ffffffffffffffff", "ffe0", "ffffffffffff0020", "7fffffffffffffff", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000", "1", "0", "1", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "5aeadef1cc6419b07650a76d8b96fe94545a0bb152bbf4c4c42b691f4e39c304"
    },
    __half2ll_rn = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ffffffffffffffff", "ffe0", "ffffffffffff0020", "7fffffffffffffff", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000", "1", "0", "2", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "f0e1d5a6965ba1369f0cac905099d5796b735bb85489d0646a384f72b46a5a4b"
    },
    __half2ll_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "ffffffffffffffff", "ffe0", "ffffffffffff0020", "7fffffffffffffff", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000", "2", "1", "2", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "0ed4e9de3a1debf615bae5eff62af2ca483fc2040a50c28a65eefdf24b2ef9bd"
    },
    __half2ll_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ffffffffffffffff", "ffe0", "ffffffffffff0020", "7fffffffffffffff", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000", "1", "0", "1", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "8d3bbdf0a290a8e5b8e4381876c021adf604d5f7b13a8534ae973e044e94f9c6"
    },
    __half2short_rd = {
      head = {"0", "0", "0", "ffff", "0", "0", "1", "ffff", "7fff", "8000", "7fff", "8000", "0", "0", "0", "1", "0", "1", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "f5cca9b6173e035bc763e50a24338edce1778298b6843203ab0a39a2d7162163"
    },
    __half2short_rn = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ffff", "7fff", "8000", "7fff", "8000", "0", "0", "0", "1", "0", "2", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "eceee5c2b02d0fa48399e724b4c44a89fa8face4b20babaf7e7acc12bf6732d5"
    },
    __half2short_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "ffff", "7fff", "8000", "7fff", "8000", "0", "0", "0", "2", "1", "2", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "fb5e8af0924d62fb42dc503083c391e8865bd4031d5c068db6d7d2d4d40c1c46"
    },
    __half2short_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "ffff", "7fff", "8000", "7fff", "8000", "0", "0", "0", "1", "0", "1", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "494b6cccf815bfd3f29067dc4b106affecd1579e774b486275abf22323375fb7"
    },
    __half2uchar_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "ff", "0", "ff", "0", "0", "0", "0", "1", "0", "1", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "75d99a19a0d25296f93bdd03bda511f8bde844347833afe70a280fe00d9967b9"
    },
    __half2uint_rd = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "ffe0", "0", "ffffffff", "0", "0", "0", "0", "1", "0", "1", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "ba62baa35bfcb5ef419e37365ac3504cefd058aa771447e4241271b082d9d1ac"
    },
    __half2uint_rn = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "ffe0", "0", "ffffffff", "0", "0", "0", "0", "1", "0", "2", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "d83b34760efe8fb27c534e8a5afaca115063c4d9c411575d70ce5f878da3a788"
    },
    __half2uint_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "ffe0", "0", "ffffffff", "0", "0", "0", "0", "2", "1", "2", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "bcbe1d7fd82f678a130ed6f3294c15720d51b38810d5c076b8b149265826e2f9"
    },
    __half2uint_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "ffe0", "0", "ffffffff", "0", "0", "0", "0", "1", "0", "1", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "ba62baa35bfcb5ef419e37365ac3504cefd058aa771447e4241271b082d9d1ac"
    },
    __half2ull_rd = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "ffe0", "0", "ffffffffffffffff", "0", "8000000000000000", "8000000000000000", "8000000000000000", "1", "0", "1", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "ee3ee2dc79a0d09d2c1466a5d9be2faa21a3fc93facebf35ab92ecba8cd18ff5"
    },
    __half2ull_rn = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "ffe0", "0", "ffffffffffffffff", "0", "8000000000000000", "8000000000000000", "8000000000000000", "1", "0", "2", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "c1b798cb0b3a55ec478686bca203f9ea18d60634c0b589a5ed0bd3403fe730f3"
    },
    __half2ull_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "ffe0", "0", "ffffffffffffffff", "0", "8000000000000000", "8000000000000000", "8000000000000000", "2", "1", "2", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "8790b848b075d169d46248f0311aa31050f88842cc008d67a439142ee2a3b5bb"
    },
    __half2ull_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "ffe0", "0", "ffffffffffffffff", "0", "8000000000000000", "8000000000000000", "8000000000000000", "1", "0", "1", "8000000000000000", "8000000000000000", "8000000000000000", "8000000000000000"},
      n = 65536,
      sha256 = "ee3ee2dc79a0d09d2c1466a5d9be2faa21a3fc93facebf35ab92ecba8cd18ff5"
    },
    __half2ushort_rd = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "ffe0", "0", "ffff", "0", "0", "0", "0", "1", "0", "1", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "74093bbe0b43fc12d5d7b4e8dc94ed9ba3512c9bd8a2ec093111fb0808cdf745"
    },
    __half2ushort_rn = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "ffe0", "0", "ffff", "0", "0", "0", "0", "1", "0", "2", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "4b394abde67015d52b7a253d0f31de89274b5fe653217dacf49fd5c682719b67"
    },
    __half2ushort_ru = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "ffe0", "0", "ffff", "0", "0", "0", "0", "2", "1", "2", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "880a72f5967535ca6750fb1f13884f10c9486395e4d00eca9e8a607582ea8143"
    },
    __half2ushort_rz = {
      head = {"0", "0", "0", "0", "0", "0", "1", "0", "ffe0", "0", "ffff", "0", "0", "0", "0", "1", "0", "1", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "74093bbe0b43fc12d5d7b4e8dc94ed9ba3512c9bd8a2ec093111fb0808cdf745"
    },
    __half_as_short = {
      head = {"0", "8000", "1", "8001", "3ff", "400", "3c00", "bc00", "7bff", "fbff", "7c00", "fc00", "7e00", "7c01", "fe01", "3c01", "80", "3f80", "7f7f", "7f80", "ff80", "7fc0"},
      n = 65536,
      sha256 = "197f7a314b356f70296099420b30d0beddb9fe80e95054af72e1c382cdf1eb9b"
    },
    __halves2bfloat162 = {
      head = {"0", "80000000", "10000", "80010000", "7f0000", "800000", "3f800000", "bf800000", "3f810000", "3f7f0000", "7f7f0000", "ff7f0000", "7f800000", "ff800000", "7fc00000", "7f810000"},
      n = 65936,
      nspecial = 400,
      sha256 = "b48c91c45b96d4093a56621d1c9d82f4d25c0d47270680252f1cbd23f042d4ff",
      sha_special = "64fd0afcd3cb036719a18063d0eebbdadd91d77751336b23e301f987f9e50a8c"
    },
    __halves2half2 = {
      head = {"0", "80000000", "10000", "80010000", "3ff0000", "4000000", "3c000000", "bc000000", "3c010000", "3bff0000", "7bff0000", "fbff0000", "7c000000", "fc000000", "7e000000", "7c010000"},
      n = 65936,
      nspecial = 400,
      sha256 = "467bc8160f40f8f78067c057784ff36b7388a749de71e8850d43745dd5569f35",
      sha_special = "da2624766c6fa23f331321eb3b71ebe99f249d3a13fef713bca93eadf03bf06f"
    },
    ["__hbeq2:bfloat16"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "f2f7d86ff9791bb2633969a4b1fec0513f40a644745829be1c57331e063a893e",
      sha_special = "9e99d60d0341af9e49303dcb054f4275c9aff2b9f4e4840c5a5431c632874137"
    },
    ["__hbeq2:half"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "f2f7d86ff9791bb2633969a4b1fec0513f40a644745829be1c57331e063a893e",
      sha_special = "9e99d60d0341af9e49303dcb054f4275c9aff2b9f4e4840c5a5431c632874137"
    },
    ["__hbequ2:bfloat16"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "c645022646265cda11a5e2adf07ec4c59d9c727c0542befeaa6f3bcf122a43a7",
      sha_special = "681db88edd5957a3e2f9c84cc174e19e32b1e62f5d5bd8c94f02c52b6cffb9d6"
    },
    ["__hbequ2:half"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "88da9f6803be2dde4c30e21e759707615fb2fb68a530064bfe45bae661a939f5",
      sha_special = "681db88edd5957a3e2f9c84cc174e19e32b1e62f5d5bd8c94f02c52b6cffb9d6"
    },
    ["__hbge2:bfloat16"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "15967cef8416808050e3aa2b730fe022168e05aefd77e3c0c8bd154dc3bf1078",
      sha_special = "f54cad4dca71fe5e1988a161f5236237199e96614980b28f4a4cbdd8dd79e614"
    },
    ["__hbge2:half"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "3bdd5f26a981546a0396b71e9a040c1a2e7140a05ae1e8a6e38d2a1e6797ceb3",
      sha_special = "f54cad4dca71fe5e1988a161f5236237199e96614980b28f4a4cbdd8dd79e614"
    },
    ["__hbgeu2:bfloat16"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "5a51ccb795250bd5dc00c02da791a041656693e4590ca33612950b300643430a",
      sha_special = "a88c512e7fb8c0519d4adf125798ec05be2d45c59fd7673e728d8e2079f4e5ac"
    },
    ["__hbgeu2:half"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "23610605b33d215551b52d6dfe795e10894c425760fb7a8b618d502d8bb755c6",
      sha_special = "a88c512e7fb8c0519d4adf125798ec05be2d45c59fd7673e728d8e2079f4e5ac"
    },
    ["__hbgt2:bfloat16"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "cd1aaea702df216273ab48df673c02bf7741b00fffbf0ed36f06b28953733145",
      sha_special = "e1754e0ab15dae60a82ecabaa9321a5e2d5fadb96a3cd608fbde67e570b55b5f"
    },
    ["__hbgt2:half"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "215704db0e456d11dbba2edf0ce99412a95f21c1b1437771e9aa9ccbb73a5be0",
      sha_special = "e1754e0ab15dae60a82ecabaa9321a5e2d5fadb96a3cd608fbde67e570b55b5f"
    },
    ["__hbgtu2:bfloat16"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "d628dfd0bd2d5002b1ab6b643f5120964c3d58fbd39963ba9b579a687b49c733",
      sha_special = "caebae1fb77afaf08bee87458d2a48b0c727ad448a520a71a02d946edcc4a13c"
    },
    ["__hbgtu2:half"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "39e2462bb34888079121f747868b19421a9147f52d3887c02db138464470da86",
      sha_special = "caebae1fb77afaf08bee87458d2a48b0c727ad448a520a71a02d946edcc4a13c"
    },
    ["__hble2:bfloat16"] = {
      head = {"1", "1", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "408926a302646f98ce8946f6352001af31593444ff80e96e537e700954e25725",
      sha_special = "ad1448897b5b3e5a1b0cd873033f860308a4a171f837b478e32d732572f5e7aa"
    },
    ["__hble2:half"] = {
      head = {"1", "1", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "2b43616da0129a9a0e4a33d960a7497ce8d2ea91ba7c81fe1292e7f3f1f87fde",
      sha_special = "ad1448897b5b3e5a1b0cd873033f860308a4a171f837b478e32d732572f5e7aa"
    },
    ["__hbleu2:bfloat16"] = {
      head = {"1", "1", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "a47f5c47e6679e7fd8cc9ad177a7bb7e0f3d3bad0b6c23168da87d34728e406b",
      sha_special = "08b122a1bb9236fccd0b531d0d5f088f45dee944d52ece3c105cffec628280ca"
    },
    ["__hbleu2:half"] = {
      head = {"1", "1", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "3db2e3b40f6833d6455c24517c2fb2c97a0323b29616593e320e1c8c1e0cbeae",
      sha_special = "08b122a1bb9236fccd0b531d0d5f088f45dee944d52ece3c105cffec628280ca"
    },
    ["__hblt2:bfloat16"] = {
      head = {"0", "0", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "2535b390c7d6215f4cefe89904e38da2d0f24123faf16c5859ec136713f8acc7",
      sha_special = "f0ef4f292c6f8576dd9620070a9f3228befe5ac4f226fe644ac2bd4ead941df9"
    },
    ["__hblt2:half"] = {
      head = {"0", "0", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "d9648481fe9e44ce531674a4794c6def9ebc2161f4400de1a8429925c9cfcf4a",
      sha_special = "f0ef4f292c6f8576dd9620070a9f3228befe5ac4f226fe644ac2bd4ead941df9"
    },
    ["__hbltu2:bfloat16"] = {
      head = {"0", "0", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "9b7eea6803d8407b43f473e13b5afb7fe901b8fce390b925cb1cf8bb308ebc16",
      sha_special = "26868f7b30a5740ad3e6e90a135704de77caf6d6a47ee943f1a4e26ef673ec75"
    },
    ["__hbltu2:half"] = {
      head = {"0", "0", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "519984232bb1d08a2b3a644b296090adc291d5e8798457a741ca6da153aac788",
      sha_special = "26868f7b30a5740ad3e6e90a135704de77caf6d6a47ee943f1a4e26ef673ec75"
    },
    ["__hbne2:bfloat16"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "d8f00fbe069446d851a2edee841c68bffa2d4f925533af29ae9aed273a7e0fc7",
      sha_special = "12a69d8c2bc7951b33e7814de1e0fee09b73949fca5b136ca82a02e6e37b3953"
    },
    ["__hbne2:half"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "bae23d14aa3a8d7c8fb5e7f130e5f0e901612b56d47e8ea693e5b419957f44a3",
      sha_special = "12a69d8c2bc7951b33e7814de1e0fee09b73949fca5b136ca82a02e6e37b3953"
    },
    ["__hbneu2:bfloat16"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "4d1c3f24b917a343b6cd95c8e1ac1e034485948407fa5ea83124eb39b4f29d53",
      sha_special = "efd5f94cdaffb16886e53b33f375125fe3a1dba999b56d813a5cd490817b7ed2"
    },
    ["__hbneu2:half"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "ba13ef312741eba72df92c38a48bee09ecb586cc7adb21eafc36d797e3c9ae08",
      sha_special = "efd5f94cdaffb16886e53b33f375125fe3a1dba999b56d813a5cd490817b7ed2"
    },
    ["__hcmadd:bfloat16"] = {
      head = {"80018000", "7f7f8000", "3f000001", "7f8001", "ff7f007f", "40000080", "803f80", "7f80bf80", "40403f81", "3f803f7f", "ff807f7f", "ff7f", "bf807f80", "7fffff80", "80007fff", "3f817fff"},
      n = 73536,
      nspecial = 8000,
      sha256 = "a320e4b599136ca6cf8e2636618959d942d480678f0f65e1d3bc8fd3acbdf6ca",
      sha_special = "48902a6a47536aa5791d79915eb518efbfcdd529bed9b71cbb6b37fcfd4e1702"
    },
    ["__hcmadd:half"] = {
      head = {"80018000", "7bff8000", "38000001", "3ff8001", "fbff03ff", "40000400", "4003c00", "7c00bc00", "42003c01", "3c003bff", "fc007bff", "fbff", "bc007c00", "7ffffc00", "80007fff", "3c017fff"},
      n = 73536,
      nspecial = 8000,
      sha256 = "3a70e294c9163e3d6a341d0e434b544e95ee6d81f848615edc82cbe18b114fe3",
      sha_special = "7fa8983dbf0693266bde62817ae5df874449c6ce8c95a6e896e38cd4fd75a61c"
    },
    ["__hdiv:bfloat16"] = {
      head = {"7fff", "7fff", "0", "8000", "0", "0", "0", "8000", "0", "0", "0", "8000", "0", "8000", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "ddb5e9fdf7df6ea07a5e462cb5355a76be640852946b3d08cc67003675cd5fa8",
      sha_special = "85b12e319246724566b31009531ce8c8e15151ba68b1af91d0a32065b4fa9336"
    },
    ["__hdiv:half"] = {
      head = {"7fff", "7fff", "0", "8000", "0", "0", "0", "8000", "0", "0", "0", "8000", "0", "8000", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "2e0720cd6553666a32bd9b131e5855eee73edb547dfac78c6f04fbbc0a156222",
      sha_special = "2f39ddeae456b24948342148a7c5dcb91bc63f72a2c348db2b8b1e7a61e064d3"
    },
    ["__heq2:bfloat16"] = {
      head = {"3f803f80", "3f80", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "8128a934adad6c4239a7aa737b7021573dbc54736a7fa7bf45e51f6bd87ac951",
      sha_special = "ecf31cd363829ded18cc17622a065024ba7ec31884c2db7f02db421747d14650"
    },
    ["__heq2:half"] = {
      head = {"3c003c00", "3c00", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "9f8fb55439a3be6f10c23d49f74c13785a4bbce83908fe0bc070b17f47c7d59e",
      sha_special = "c2b8b94bbafd7c7c9bcdbd4099328a7b0d4018df0780195f448b027ab7a0c51f"
    },
    ["__heq2_mask:bfloat16"] = {
      head = {"ffffffff", "ffff", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "d341bf488751a10028e9ad845c7430d42c2f9d1834fc0cbd6ba90f66e21eed3f",
      sha_special = "82b1a1d935d5456a2bac1c046278e63d9ef2e749d2d83d1abc681f4491a4be7c"
    },
    ["__heq2_mask:half"] = {
      head = {"ffffffff", "ffff", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "3175613af6a95eb0b2e276451e501106719082e9f31204065836dd77556f6480",
      sha_special = "82b1a1d935d5456a2bac1c046278e63d9ef2e749d2d83d1abc681f4491a4be7c"
    },
    ["__heq:bfloat16"] = {
      head = {"1", "1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "a645f29fea34b3021935a96bf93a6247f01c5a5a88432e49e09823bb116fba04",
      sha_special = "d97a96e51c31b056c6efe9a070cc65cbd05fe9ae73fcd0a13526150f0f88142c"
    },
    ["__heq:half"] = {
      head = {"1", "1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "c42bb84ce65131633a59f32d57dcc59aee39d10fdc908e0d8977321c728d2678",
      sha_special = "d97a96e51c31b056c6efe9a070cc65cbd05fe9ae73fcd0a13526150f0f88142c"
    },
    ["__hequ2:bfloat16"] = {
      head = {"3f803f80", "3f80", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "3f800000", "3f80", "3f80"},
      n = 65936,
      nspecial = 400,
      sha256 = "6a40d2b9e760ecda5f1e9e19499ce7f01304a45e327cf3636140c22328be03b7",
      sha_special = "49d23996bf122b73ac4ee0878f3e55eed228bb21d59015e3c6048e9620305f8e"
    },
    ["__hequ2:half"] = {
      head = {"3c003c00", "3c00", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "3c000000", "3c00", "3c00"},
      n = 65936,
      nspecial = 400,
      sha256 = "a3226b16f25151c6571cd244e5659c5d02dae6e4cb57b92c616c57c96e986973",
      sha_special = "8ea2ac977f0756bceeef37be7f7346b8642e8283b9e251540dd7f6060dcb8113"
    },
    ["__hequ2_mask:bfloat16"] = {
      head = {"ffffffff", "ffff", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "ffff0000", "ffff", "ffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "09da8dc8a86f6fdda11e77619f1325b1fb8256b9bf5cf6208733936e65526213",
      sha_special = "5de3669476c01e7496e1e4505e38965befdbf5b3c730caee759b468dc9eaf409"
    },
    ["__hequ2_mask:half"] = {
      head = {"ffffffff", "ffff", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "ffff0000", "ffff", "ffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "1ab485c26d59abd01204cc0726b8503f753f01ea39a2ce318bbf03f446a86fa9",
      sha_special = "5de3669476c01e7496e1e4505e38965befdbf5b3c730caee759b468dc9eaf409"
    },
    ["__hequ:bfloat16"] = {
      head = {"1", "1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "3b398f66d82f30b08aeaab70089c4153e4bacbe97a43e91de01105204debab8b",
      sha_special = "3b29e0c8d0e2d00d69b316b3e56ad6fe23c2c667a1882566308f7ecec72cc66b"
    },
    ["__hequ:half"] = {
      head = {"1", "1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "a13930800cdcb46036a9a0b981a1c8f7f53326ab3e52b3cac08e6d79f7d4f05d",
      sha_special = "3b29e0c8d0e2d00d69b316b3e56ad6fe23c2c667a1882566308f7ecec72cc66b"
    },
    ["__hfma2:bfloat16"] = {
      head = {"80010000", "7f7f0000", "3f000001", "7f8001", "ff7f007f", "40000080", "803f80", "7f80bf80", "40403f81", "3f803f7f", "ff807f7f", "ff7f", "bf807f80", "7fffff80", "7fff", "3f817fff"},
      n = 73536,
      nspecial = 8000,
      sha256 = "dd4103ad77b3844b0bfea8364bd2098f82a7df4c657bca0a0667cfb4ef1bdc44",
      sha_special = "3b940215bd5f9eb6d38459136675ed7ad6b5a7d0c64f340eaf72beec8c2b665b"
    },
    ["__hfma2:half"] = {
      head = {"80010000", "7bff0000", "38000001", "3ff8001", "fbff03ff", "40000400", "4003c00", "7c00bc00", "42003c01", "3c003bff", "fc007bff", "fbff", "bc007c00", "7ffffc00", "7fff", "3c017fff"},
      n = 73536,
      nspecial = 8000,
      sha256 = "ec0cd97d5a94af4203ee58716e304d8fb9726218550d599525030a794bd72c9e",
      sha_special = "f5110d05188c566ad75fe674eb0eb74525530c53b0f0f39cd64de041601223e5"
    },
    ["__hfma2_relu:bfloat16"] = {
      head = {"0", "7f7f0000", "3f000001", "7f0000", "7f", "40000080", "803f80", "7f800000", "40403f81", "3f803f7f", "7f7f", "0", "7f80", "7fff0000", "7fff", "3f817fff"},
      n = 73536,
      nspecial = 8000,
      sha256 = "fb7c472225d2196ef08f053bdc4b85276d94edb06ad0404726964818443238f0",
      sha_special = "507fcef0657399411f5a0d9e5221dce8c64a79e08449ec39924e606a9a792440"
    },
    ["__hfma2_relu:half"] = {
      head = {"0", "7bff0000", "38000001", "3ff0000", "3ff", "40000400", "4003c00", "7c000000", "42003c01", "3c003bff", "7bff", "0", "7c00", "7fff0000", "7fff", "3c017fff"},
      n = 73536,
      nspecial = 8000,
      sha256 = "c8bf55ad32eb84945fcb4da1694744a874428c43a81b15318869ee156909f236",
      sha_special = "6a6f7be76a17961ac6222805afaedfa7a7f2bf5e3989c1cf1764e4eed99c38d1"
    },
    ["__hfma2_sat:bfloat16"] = {
      head = {"0", "3f800000", "3f000001", "7f0000", "7f", "3f800080", "803f80", "3f800000", "3f803f80", "3f803f7f", "3f80", "0", "3f80", "0", "0", "3f800000"},
      n = 73536,
      nspecial = 8000,
      sha256 = "df29003f550d70bed9df1bb973c910b43d50b883baf5f5fc764064a2474bf1f6",
      sha_special = "5c61f283f683cfc7e3d01b850c71f906334c4bd45b604a47c0f16ce7ea2896bb"
    },
    ["__hfma2_sat:half"] = {
      head = {"0", "3c000000", "38000001", "3ff0000", "3ff", "3c000400", "4003c00", "3c000000", "3c003c00", "3c003bff", "3c00", "0", "3c00", "0", "0", "3c000000"},
      n = 73536,
      nspecial = 8000,
      sha256 = "a1c28e6a2ed1b57af98f0f9112dfc8601a09d1be8e93b99bf91920f9f04b3c24",
      sha_special = "165b3fa973ff11c1fd2e72e9c4f05f26228fccc6d95c8747a30afe3b201f3558"
    },
    ["__hfma:bfloat16"] = {
      head = {"0", "0", "1", "8001", "7f", "80", "3f80", "bf80", "3f81", "3f7f", "7f7f", "ff7f", "7f80", "ff80", "7fff", "7fff"},
      n = 73536,
      nspecial = 8000,
      sha256 = "4966606f6cc49a5e06ecb21c284bab1d471e82ba9f7243a81237ca4afbc1d544",
      sha_special = "015c1f1b7c414ed2b6f9896b68580799b9b4a2cc0f3d1fc1bef32c156305b2ff"
    },
    ["__hfma:half"] = {
      head = {"0", "0", "1", "8001", "3ff", "400", "3c00", "bc00", "3c01", "3bff", "7bff", "fbff", "7c00", "fc00", "7fff", "7fff"},
      n = 73536,
      nspecial = 8000,
      sha256 = "6cdc5107b0a85aee638bfefee86039e4bcb1d2ff31290aceae3b7ea039207127",
      sha_special = "8cca8edfebaa123f3d73a38ea6c2e77967dad943f382090c9684f84c8f33d305"
    },
    ["__hfma_relu:bfloat16"] = {
      head = {"0", "0", "1", "0", "7f", "80", "3f80", "0", "3f81", "3f7f", "7f7f", "0", "7f80", "0", "7fff", "7fff"},
      n = 73536,
      nspecial = 8000,
      sha256 = "4dc5ce3c4405351987bdd7c0eb7ebfa0f5d98875e2abe39200b078bbc448bc6d",
      sha_special = "23e6ab4ac2806d9fb7c3facfd0ca8f374255545165c0be0489d1024ea2383f6b"
    },
    ["__hfma_relu:half"] = {
      head = {"0", "0", "1", "0", "3ff", "400", "3c00", "0", "3c01", "3bff", "7bff", "0", "7c00", "0", "7fff", "7fff"},
      n = 73536,
      nspecial = 8000,
      sha256 = "a1dccb17eb79174d98e8c23b15a24144b8ca1970c4190b64ab55a2b1e7f4bbe5",
      sha_special = "48026f6593648c011ecb49eac0aaa20edcc33770ba2d60348863afbabe57e37a"
    },
    ["__hfma_sat:bfloat16"] = {
      head = {"0", "0", "1", "0", "7f", "80", "3f80", "0", "3f80", "3f7f", "3f80", "0", "3f80", "0", "0", "0"},
      n = 73536,
      nspecial = 8000,
      sha256 = "3f59f932f301ab567e79750245db43b6e00c17b79bcc205357530a9969666a47",
      sha_special = "74d2211eb89fa72baad5a4cdb6277b29f226995a3b0507464e4d2f4faecc0c58"
    },
    ["__hfma_sat:half"] = {
      head = {"0", "0", "1", "0", "3ff", "400", "3c00", "0", "3c00", "3bff", "3c00", "0", "3c00", "0", "0", "0"},
      n = 73536,
      nspecial = 8000,
      sha256 = "43a28bd022ae71f3a6f6009d60b540a0c48cac2fdf22c0a5d0fe2c6eb78ad7b8",
      sha_special = "cd0203ce6735437025d218b4af46b02f208052c847c2d3e782a7c89177e2fdb7"
    },
    ["__hge2:bfloat16"] = {
      head = {"3f803f80", "3f80", "0", "3f80", "3f800000", "0", "0", "3f80", "0", "0", "3f800000", "3f80", "3f800000", "3f80", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "e469d58d2a0024f661893d4c3bdc2b9916f633b28acf6dfc0bbce55bb2248a2a",
      sha_special = "49cc49781d8713aa4b4d2cb6114f6f75dc318cd15de41d7ab23622369cbcfb99"
    },
    ["__hge2:half"] = {
      head = {"3c003c00", "3c00", "0", "3c00", "3c000000", "0", "0", "3c00", "0", "0", "3c000000", "3c00", "3c000000", "3c00", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "77a47371dc0065589ea0bb308a4a094486d442d603aeb136e0f09f7fd6ea06f6",
      sha_special = "5aae94b924be33d4fc1b6ff197caef821c41431403998bdb46c99af872dbcb00"
    },
    ["__hge2_mask:bfloat16"] = {
      head = {"ffffffff", "ffff", "0", "ffff", "ffff0000", "0", "0", "ffff", "0", "0", "ffff0000", "ffff", "ffff0000", "ffff", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "a32a52b7094c09d13b20359c93454e87d6c6229df146c6e50bc80cf476cf2768",
      sha_special = "df5e66f079e05d280b73bbe9f9247f5e304c906d3a76a31b26722533e79d4bdb"
    },
    ["__hge2_mask:half"] = {
      head = {"ffffffff", "ffff", "0", "ffff", "ffff0000", "0", "0", "ffff", "0", "0", "ffff0000", "ffff", "ffff0000", "ffff", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "124023cc8a21522fb117ebd2627698d9c8f068cd8284f7b29b8ab5576b89c394",
      sha_special = "df5e66f079e05d280b73bbe9f9247f5e304c906d3a76a31b26722533e79d4bdb"
    },
    ["__hge:bfloat16"] = {
      head = {"1", "1", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "e523ebfd30bd322fb74673baf8dbacf662edec52b324c86b8b89e5369a6a4ef7",
      sha_special = "62ec79da2f578d63ed945169d776fc386d6ac618c5af2dc86a257f7caf00a082"
    },
    ["__hge:half"] = {
      head = {"1", "1", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "47c497e37737282f8cae1be13d6e18a72892d00159a5e4a7d017ba60428b1a5a",
      sha_special = "62ec79da2f578d63ed945169d776fc386d6ac618c5af2dc86a257f7caf00a082"
    },
    ["__hgeu2:bfloat16"] = {
      head = {"3f803f80", "3f80", "0", "3f80", "3f800000", "0", "0", "3f80", "0", "0", "3f800000", "3f80", "3f800000", "3f803f80", "3f80", "3f80"},
      n = 65936,
      nspecial = 400,
      sha256 = "eee2d6513e8cc9c4acf81eb8098cc8c3f3785f027d4e6edb4c9a9b05410f236f",
      sha_special = "acddff2464aed0a29515b081db964e3ffa0622017f28247c41c4b643773eb607"
    },
    ["__hgeu2:half"] = {
      head = {"3c003c00", "3c00", "0", "3c00", "3c000000", "0", "0", "3c00", "0", "0", "3c000000", "3c00", "3c000000", "3c003c00", "3c00", "3c00"},
      n = 65936,
      nspecial = 400,
      sha256 = "851b47745289bf481bddf24718509ae7d8998338101f875f395c67153b618fb2",
      sha_special = "e3b90a627b58dd52b1d21a682f87ed9d0dbaf8699a372e388227fb6755eb2c66"
    },
    ["__hgeu2_mask:bfloat16"] = {
      head = {"ffffffff", "ffff", "0", "ffff", "ffff0000", "0", "0", "ffff", "0", "0", "ffff0000", "ffff", "ffff0000", "ffffffff", "ffff", "ffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "2ee65eca323c025d3d9d8459913f88add8c7a2b56fab9c2007b6b622142ebee7",
      sha_special = "1d962ec4fc913c012e0f72b3a7f7d691c1bf78be473098f7cdaac46167d8407a"
    },
    ["__hgeu2_mask:half"] = {
      head = {"ffffffff", "ffff", "0", "ffff", "ffff0000", "0", "0", "ffff", "0", "0", "ffff0000", "ffff", "ffff0000", "ffffffff", "ffff", "ffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "fe1fca6cd974f541b3a67831b96168dc4bebf9b8b423f65cd0b62cf4a70604d9",
      sha_special = "1d962ec4fc913c012e0f72b3a7f7d691c1bf78be473098f7cdaac46167d8407a"
    },
    ["__hgeu:bfloat16"] = {
      head = {"1", "1", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "08327df7ba240fafc0967b7d7d03f4bfd40cb721b472b9fa23706596c0a16dea",
      sha_special = "d77c7684dc6822cebdf370f525db71c7a1843c36fc52a85a9b878cb791b31835"
    },
    ["__hgeu:half"] = {
      head = {"1", "1", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "e705a0b7e6c539666fd9b9c706299483175910351ab238348cb4f408fb56c4ce",
      sha_special = "d77c7684dc6822cebdf370f525db71c7a1843c36fc52a85a9b878cb791b31835"
    },
    ["__hgt2:bfloat16"] = {
      head = {"0", "0", "0", "3f80", "3f800000", "0", "0", "3f80", "0", "0", "3f800000", "3f80", "3f800000", "3f80", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "57b523878f7634f930c641ebfb10f360097488cc1c0d7521bd0d1fd0fa46dc04",
      sha_special = "254ba5b27e3637160a918cda0f92772ccada90e2b14e2cbded77bbc0ade0dcfa"
    },
    ["__hgt2:half"] = {
      head = {"0", "0", "0", "3c00", "3c000000", "0", "0", "3c00", "0", "0", "3c000000", "3c00", "3c000000", "3c00", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "d7a2fb1f75ddd00ad4773aaabb50e55eaeb3552557def85da73e0fc5a3deee9f",
      sha_special = "f821fb1b6a1b44f26d069ed5527eec93d65605648589a9b81231552325090677"
    },
    ["__hgt2_mask:bfloat16"] = {
      head = {"0", "0", "0", "ffff", "ffff0000", "0", "0", "ffff", "0", "0", "ffff0000", "ffff", "ffff0000", "ffff", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "dbcf9d5ad46a0955ba435a744803af25f80ecfdff14ad074c43af17d746ef5a3",
      sha_special = "6ea7fdd24e22ded8a9548256c6d34998b7667a9e7bbedc3b42372e2d9e7e47ca"
    },
    ["__hgt2_mask:half"] = {
      head = {"0", "0", "0", "ffff", "ffff0000", "0", "0", "ffff", "0", "0", "ffff0000", "ffff", "ffff0000", "ffff", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "3084947b9a85ee7e8d2bb73f241f415dfc9dd7a7641d29879f38b87f01394f29",
      sha_special = "6ea7fdd24e22ded8a9548256c6d34998b7667a9e7bbedc3b42372e2d9e7e47ca"
    },
    ["__hgt:bfloat16"] = {
      head = {"0", "0", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "ce9ce2aca34fc4e7389fa3f4a78c4824e2adb92a272ec9bbf690b5111684821f",
      sha_special = "b1bdd003800e915344680a229430d481ca6230f4a5e76f5059e15681b11abcf9"
    },
    ["__hgt:half"] = {
      head = {"0", "0", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "e3787284695f2958c23b283baf1657f222a727efe49c187c7eef80139024c54a",
      sha_special = "b1bdd003800e915344680a229430d481ca6230f4a5e76f5059e15681b11abcf9"
    },
    ["__hgtu2:bfloat16"] = {
      head = {"0", "0", "0", "3f80", "3f800000", "0", "0", "3f80", "0", "0", "3f800000", "3f80", "3f800000", "3f803f80", "3f80", "3f80"},
      n = 65936,
      nspecial = 400,
      sha256 = "f0a423b46240a7ca62c0ded567b6f9f393db2580a68f1129b0b51657be1bedb2",
      sha_special = "4f1d50c6a57ce2c33e4160a9059af4e85631718d89f3f0d5425dacc3089cf0fb"
    },
    ["__hgtu2:half"] = {
      head = {"0", "0", "0", "3c00", "3c000000", "0", "0", "3c00", "0", "0", "3c000000", "3c00", "3c000000", "3c003c00", "3c00", "3c00"},
      n = 65936,
      nspecial = 400,
      sha256 = "2c295f18911aa5ac82ae729bdbc797fa6a1be9c3ec930cc45dd9aa269aaaeec4",
      sha_special = "b151eb0cc36d633d2f75a64c8ae4d129d430cb9d6722f615f0ed90833b7c19bd"
    },
    ["__hgtu2_mask:bfloat16"] = {
      head = {"0", "0", "0", "ffff", "ffff0000", "0", "0", "ffff", "0", "0", "ffff0000", "ffff", "ffff0000", "ffffffff", "ffff", "ffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "3f48767107942c3a9abdec29a88b90f06882b33783cc837229cb554b55957059",
      sha_special = "ba0af4fbe3783b155835afee5ba7d2e8285a35f6c4e59c45ba0a1e04993a833d"
    },
    ["__hgtu2_mask:half"] = {
      head = {"0", "0", "0", "ffff", "ffff0000", "0", "0", "ffff", "0", "0", "ffff0000", "ffff", "ffff0000", "ffffffff", "ffff", "ffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "04845af9f8325096d2f0ce9d72e5b4c39b6e0658fdb698f83805b3ee4d619a7f",
      sha_special = "ba0af4fbe3783b155835afee5ba7d2e8285a35f6c4e59c45ba0a1e04993a833d"
    },
    ["__hgtu:bfloat16"] = {
      head = {"0", "0", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "9fd95cde30403d5b439478af3f65bbffd9d5fbe0f9e3d423a1b1ea244bf515d3",
      sha_special = "f6f7e49151cc56f215e9db3345f5b6a7e7695dddaaf0ffcb4b467d8cecb0cf07"
    },
    ["__hgtu:half"] = {
      head = {"0", "0", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "13c6a95fa8e39eff217d39b8b9a620fd1ef157a120a979ef7b017029818a356a",
      sha_special = "f6f7e49151cc56f215e9db3345f5b6a7e7695dddaaf0ffcb4b467d8cecb0cf07"
    },
    __high2bfloat16 = {
      head = {"8001", "7f7f", "3f00", "7f", "ff7f", "4000", "80", "7f80", "4040", "3f80", "ff80", "0", "bf80", "7fc0", "8000", "3f81"},
      n = 65556,
      nspecial = 20,
      sha256 = "b2ee86603de3ed3dc76e54e361455dbed98b1c9cdffbcad7531aeba4e900c264",
      sha_special = "a8108ea0c2abc4796b3582815acf1e37a16b10e6dc0f64022886ef8d36ab3491"
    },
    ["__high2float:bfloat16"] = {
      head = {"80010000", "7f7f0000", "3f000000", "7f0000", "ff7f0000", "40000000", "800000", "7f800000", "40400000", "3f800000", "ff800000", "0", "bf800000", "7fc00000", "80000000", "3f810000"},
      n = 65556,
      nspecial = 20,
      sha256 = "76764b122674a7a9dfaf2395050ce34f11b43c5459daad74276817702595a0c9",
      sha_special = "907f1653399e875f1b2aabce1a5484a09da0cb1aef148c06895212a30693e714"
    },
    ["__high2float:half"] = {
      head = {"b3800000", "477fe000", "3f000000", "387fc000", "c77fe000", "40000000", "38800000", "7f800000", "40400000", "3f800000", "ff800000", "0", "bf800000", "7fffffff", "80000000", "3f802000"},
      n = 65556,
      nspecial = 20,
      sha256 = "6a34f2743333f3136598431e1da6d3341f7dc8e7afae89d74a7b1ee97c06275c",
      sha_special = "fa78b41e78f12b40030bae9eefaa2b7b46721d2b8a37149e06081a1513da46a7"
    },
    __high2half = {
      head = {"8001", "7bff", "3800", "3ff", "fbff", "4000", "400", "7c00", "4200", "3c00", "fc00", "0", "bc00", "7e00", "8000", "3c01"},
      n = 65556,
      nspecial = 20,
      sha256 = "50b43d99097d0172bd91054aabf2d12d0e7e829fd61723b6759fe03053200608",
      sha_special = "e2b3de43a641f59e7c7bde1671fe80f7812923384c97f59d1bd93e642e6a6f15"
    },
    __highs2bfloat162 = {
      head = {"80018001", "7f7f8001", "3f008001", "7f8001", "ff7f8001", "40008001", "808001", "7f808001", "40408001", "3f808001", "ff808001", "8001", "bf808001", "7fc08001", "80008001", "3f818001"},
      n = 65936,
      nspecial = 400,
      sha256 = "a4f574ef34a773e31848002ad88d1e4d61d805fd0d3b4ea5a1f653a9fdc40b5a",
      sha_special = "63582112025063399ce48118c8c8cd574e73a1413185948acc62091013bcb219"
    },
    __highs2half2 = {
      head = {"80018001", "7bff8001", "38008001", "3ff8001", "fbff8001", "40008001", "4008001", "7c008001", "42008001", "3c008001", "fc008001", "8001", "bc008001", "7e008001", "80008001", "3c018001"},
      n = 65936,
      nspecial = 400,
      sha256 = "0435f043f69f32dc433a8e42e796cf86fa2398e6a0a1157d7b6235abcdb796a2",
      sha_special = "03cc939280fbd33004663aa08ecd9b79b9ece222a412735b996300de8810988b"
    },
    ["__hisinf:bfloat16"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "ffffffff", "0"},
      n = 65536,
      sha256 = "909e3767bec3e40b98fa17e070c1af0071dc2eff15403c96d0bcf5fa1b984093"
    },
    ["__hisinf:half"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "ffffffff", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65536,
      sha256 = "3f1bab46d78719353a2f69d7f0c836594b21d3556faa5e518516af90c3033c14"
    },
    ["__hisnan2:bfloat16"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "3f800000", "3f80", "3f80"},
      n = 65556,
      nspecial = 20,
      sha256 = "eb669921e5c128e570f210c684c7f1a2c0c7e631ec4769bd8c7a34ee5c157714",
      sha_special = "d5b49d3c3a685eaf012e8b8e4b097af653ed95d43bb137d4755e3d24e1578739"
    },
    ["__hisnan2:half"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "3c000000", "3c00", "3c00"},
      n = 65556,
      nspecial = 20,
      sha256 = "73d4419fa115cc2fe908322eb03e251b315fe2d967be325e0a59239ced39ac18",
      sha_special = "0b6ca3b40dcf166f645b7ee34996a39e7e2fb6d7aea3a4fbbe7f92afc2265d11"
    },
    ["__hisnan:bfloat16"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1"},
      n = 65536,
      sha256 = "d91d38c293135880130427a3fd8448f357b2f330676d2e94d6120e033ff61aa6"
    },
    ["__hisnan:half"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "1", "1", "0", "0", "0", "1", "1", "1", "1"},
      n = 65536,
      sha256 = "24567f041c8fb302db05bb7ee730005e5ed0dfe54b647b9ce19121f87d9c58f9"
    },
    ["__hle2:bfloat16"] = {
      head = {"3f803f80", "3f803f80", "3f803f80", "3f800000", "3f80", "3f803f80", "3f803f80", "3f800000", "3f803f80", "3f803f80", "3f80", "3f800000", "3f80", "0", "3f800000", "3f800000"},
      n = 65936,
      nspecial = 400,
      sha256 = "3fcc89883abadb2d27083559e516bb762923b234dfb91a2ced71582454f4af6e",
      sha_special = "042dd5af7eef66a98950ff03832b777071b74b5c8387444aae5f6ec5bf828953"
    },
    ["__hle2:half"] = {
      head = {"3c003c00", "3c003c00", "3c003c00", "3c000000", "3c00", "3c003c00", "3c003c00", "3c000000", "3c003c00", "3c003c00", "3c00", "3c000000", "3c00", "0", "3c000000", "3c000000"},
      n = 65936,
      nspecial = 400,
      sha256 = "24b60d88b94ad71d89f90162ff4de602b4d532d768401ca19feb523d589ac590",
      sha_special = "44ca86efbbb604dca2bcf2ddfd37897b51dc5e896797f29f7146e06760598b3c"
    },
    ["__hle2_mask:bfloat16"] = {
      head = {"ffffffff", "ffffffff", "ffffffff", "ffff0000", "ffff", "ffffffff", "ffffffff", "ffff0000", "ffffffff", "ffffffff", "ffff", "ffff0000", "ffff", "0", "ffff0000", "ffff0000"},
      n = 65936,
      nspecial = 400,
      sha256 = "fe249cc3b9f35ccadf15213ee000448bdd3abe4fd4f25ecf2ebe44edbfda74ab",
      sha_special = "2eae2983417de543ae39314ae61585c08976bcb6e1efda71a944791ba6f4cf74"
    },
    ["__hle2_mask:half"] = {
      head = {"ffffffff", "ffffffff", "ffffffff", "ffff0000", "ffff", "ffffffff", "ffffffff", "ffff0000", "ffffffff", "ffffffff", "ffff", "ffff0000", "ffff", "0", "ffff0000", "ffff0000"},
      n = 65936,
      nspecial = 400,
      sha256 = "9f6083f6ee56874e6fcd285d4001ed6498e814c2cf1b53cc1032e77d36fc16a0",
      sha_special = "2eae2983417de543ae39314ae61585c08976bcb6e1efda71a944791ba6f4cf74"
    },
    ["__hle:bfloat16"] = {
      head = {"1", "1", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "d9b417c1c070ed6506db313fb2fd66219381e74130b354440796dbc71d3e3361",
      sha_special = "19c7da709d1004a559c9aaa9574dcb7f3ea5ce4833e94e9f665b986f1eccbf8b"
    },
    ["__hle:half"] = {
      head = {"1", "1", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "ba3d0e5768cdae8c55b3efab311b7e11312c8a828ea45c1bd98468c0196ceced",
      sha_special = "19c7da709d1004a559c9aaa9574dcb7f3ea5ce4833e94e9f665b986f1eccbf8b"
    },
    ["__hleu2:bfloat16"] = {
      head = {"3f803f80", "3f803f80", "3f803f80", "3f800000", "3f80", "3f803f80", "3f803f80", "3f800000", "3f803f80", "3f803f80", "3f80", "3f800000", "3f80", "3f800000", "3f803f80", "3f803f80"},
      n = 65936,
      nspecial = 400,
      sha256 = "3a322f0b62f3238dee5d264772b80b09dc5bef97c2a289fd67b6b2ed972cdfb3",
      sha_special = "64e7905de5f0cd984a74ed135f0167ce4d52aa0e3a5b71f0375335b1237cd284"
    },
    ["__hleu2:half"] = {
      head = {"3c003c00", "3c003c00", "3c003c00", "3c000000", "3c00", "3c003c00", "3c003c00", "3c000000", "3c003c00", "3c003c00", "3c00", "3c000000", "3c00", "3c000000", "3c003c00", "3c003c00"},
      n = 65936,
      nspecial = 400,
      sha256 = "962f1daf58846b0f6858e15c84d98c42d3c03f0cd2d5cb15d071a22328f2ee07",
      sha_special = "14d384da7f6a56e4fe3c66f936f12cd4a2ed5a310978e5f947ec6519f0c143c2"
    },
    ["__hleu2_mask:bfloat16"] = {
      head = {"ffffffff", "ffffffff", "ffffffff", "ffff0000", "ffff", "ffffffff", "ffffffff", "ffff0000", "ffffffff", "ffffffff", "ffff", "ffff0000", "ffff", "ffff0000", "ffffffff", "ffffffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "46622f56f5f835c6290c55285326160cb985b60e88e0bcf1740291a0bddc2da9",
      sha_special = "e3c581b0b205956abf42ae58935c31fed519591b4c564686e868f1acbb75307a"
    },
    ["__hleu2_mask:half"] = {
      head = {"ffffffff", "ffffffff", "ffffffff", "ffff0000", "ffff", "ffffffff", "ffffffff", "ffff0000", "ffffffff", "ffffffff", "ffff", "ffff0000", "ffff", "ffff0000", "ffffffff", "ffffffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "aa0005b0ec14c12cc4807d364c71cd9943b27a3686c23769242b130a0d1ab97b",
      sha_special = "e3c581b0b205956abf42ae58935c31fed519591b4c564686e868f1acbb75307a"
    },
    ["__hleu:bfloat16"] = {
      head = {"1", "1", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "825b3b7f0e436ab963ca8a396fb80599ee24ab8b4dd0168adde4706e224382df",
      sha_special = "c185e24c230ee3ec75f11bffeadfdfdde7c56eaee7c30f85173c01b7756077b3"
    },
    ["__hleu:half"] = {
      head = {"1", "1", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "fa2bed9683695e78b195aa45e7ee542ebff455ac5bfe703e6e9df2ef8c6793da",
      sha_special = "c185e24c230ee3ec75f11bffeadfdfdde7c56eaee7c30f85173c01b7756077b3"
    },
    ["__hlt2:bfloat16"] = {
      head = {"0", "3f800000", "3f803f80", "3f800000", "3f80", "3f803f80", "3f803f80", "3f800000", "3f803f80", "3f803f80", "3f80", "3f800000", "3f80", "0", "3f800000", "3f800000"},
      n = 65936,
      nspecial = 400,
      sha256 = "55ac4998fe6a628a559c27b8bf58c45e1df79bbd0f72417013c95db546cc4b9d",
      sha_special = "3e55109c935cc452bc1aee16de92765808ff41985f28be03fa4d2ed8aa3b7495"
    },
    ["__hlt2:half"] = {
      head = {"0", "3c000000", "3c003c00", "3c000000", "3c00", "3c003c00", "3c003c00", "3c000000", "3c003c00", "3c003c00", "3c00", "3c000000", "3c00", "0", "3c000000", "3c000000"},
      n = 65936,
      nspecial = 400,
      sha256 = "35e7d4d4460e0d80e3e6971a36961e62ab8a02fd1a8bcfdb36f85592cec4a9ab",
      sha_special = "a946d405a5758703fffb0cabe567a1946d1cc5b50f89a7dee9d2a6f7ea32c6db"
    },
    ["__hlt2_mask:bfloat16"] = {
      head = {"0", "ffff0000", "ffffffff", "ffff0000", "ffff", "ffffffff", "ffffffff", "ffff0000", "ffffffff", "ffffffff", "ffff", "ffff0000", "ffff", "0", "ffff0000", "ffff0000"},
      n = 65936,
      nspecial = 400,
      sha256 = "aec1c543babe2aaf0b0ea93371eb35179a1488e6673271bcf5bfb9b4db15f041",
      sha_special = "9b248f2891f01918a76597ab0e303ea454e881c55a4a8231f5027f7de0c93802"
    },
    ["__hlt2_mask:half"] = {
      head = {"0", "ffff0000", "ffffffff", "ffff0000", "ffff", "ffffffff", "ffffffff", "ffff0000", "ffffffff", "ffffffff", "ffff", "ffff0000", "ffff", "0", "ffff0000", "ffff0000"},
      n = 65936,
      nspecial = 400,
      sha256 = "951e4b62e0f6e5e87995128c6a90d9cebfe4b336d0910ae89cd0661c0f6c020f",
      sha_special = "9b248f2891f01918a76597ab0e303ea454e881c55a4a8231f5027f7de0c93802"
    },
    ["__hlt:bfloat16"] = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "8605be1c8ff263bb7bcf62bc19a397c2f0b76d617ab7bdf1a0f0d86ab0506588",
      sha_special = "e7da3131d9c25840fcbff4139894c8d350edea38c98d470fd229e693303b1166"
    },
    ["__hlt:half"] = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "45a260c6cadcff0ac1a873033759e551c0e359d84b497d5dcfd3a765e7fc9da5",
      sha_special = "e7da3131d9c25840fcbff4139894c8d350edea38c98d470fd229e693303b1166"
    },
    ["__hltu2:bfloat16"] = {
      head = {"0", "3f800000", "3f803f80", "3f800000", "3f80", "3f803f80", "3f803f80", "3f800000", "3f803f80", "3f803f80", "3f80", "3f800000", "3f80", "3f800000", "3f803f80", "3f803f80"},
      n = 65936,
      nspecial = 400,
      sha256 = "6688246fce699df7f941e7f7894be4040d307f05941a2cb2e14299e0ba1f2210",
      sha_special = "b6cf883106cfc19e6c7b730e39a5a3f5566512615d42b5e2ee0163cedcde3ff5"
    },
    ["__hltu2:half"] = {
      head = {"0", "3c000000", "3c003c00", "3c000000", "3c00", "3c003c00", "3c003c00", "3c000000", "3c003c00", "3c003c00", "3c00", "3c000000", "3c00", "3c000000", "3c003c00", "3c003c00"},
      n = 65936,
      nspecial = 400,
      sha256 = "a1330dc83bb67c922653510396c9674fc5d5c72e4e11d9e6ad9773ad7a315e05",
      sha_special = "ea8d388893a3399c459c8c192947420513b39b6b3eed28575cff94cbf1bfa97d"
    },
    ["__hltu2_mask:bfloat16"] = {
      head = {"0", "ffff0000", "ffffffff", "ffff0000", "ffff", "ffffffff", "ffffffff", "ffff0000", "ffffffff", "ffffffff", "ffff", "ffff0000", "ffff", "ffff0000", "ffffffff", "ffffffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "73e26c75edd6ab1cbdf1d8831a8c9e00d78dde3eaece029ba79af16b0ef5437c",
      sha_special = "0254923b640f9961bb86a70aa842de6b89a6b72cb2a8a2878c668655dcbd7b6e"
    },
    ["__hltu2_mask:half"] = {
      head = {"0", "ffff0000", "ffffffff", "ffff0000", "ffff", "ffffffff", "ffffffff", "ffff0000", "ffffffff", "ffffffff", "ffff", "ffff0000", "ffff", "ffff0000", "ffffffff", "ffffffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "347e26ed2963e701b546ce345b4b1b1e931e137af11497df52eb534ae663e3dc",
      sha_special = "0254923b640f9961bb86a70aa842de6b89a6b72cb2a8a2878c668655dcbd7b6e"
    },
    ["__hltu:bfloat16"] = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "64ae7a65d3d525ca5f84636b05797c437be042e321d2136f31c88006240cf442",
      sha_special = "20ccb4a0be1537059bc8084633a1fd0723c19a582e5e6cf4d5bd4fd7ed3817e9"
    },
    ["__hltu:half"] = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "810a54df89fe123668e245c4649350c3a52008344427fc3fd26fe8c5bc244b1d",
      sha_special = "20ccb4a0be1537059bc8084633a1fd0723c19a582e5e6cf4d5bd4fd7ed3817e9"
    },
    ["__hmax2:bfloat16"] = {
      head = {"80010000", "7f7f0000", "3f000001", "7f0000", "8001007f", "40000080", "803f80", "7f800000", "40403f81", "3f803f7f", "80017f7f", "0", "80017f80", "80010000", "80000000", "3f810000"},
      n = 65936,
      nspecial = 400,
      sha256 = "892ca655f765fed1bdcc6d14dd76aa10b419a51646099cb2d54d64a8878cc8fb",
      sha_special = "89a8e5ed63809e7c888601d51ed03ea39157b39c1271e73836d3c2eb66aadaf3"
    },
    ["__hmax2:half"] = {
      head = {"80010000", "7bff0000", "38000001", "3ff0000", "800103ff", "40000400", "4003c00", "7c000000", "42003c01", "3c003bff", "80017bff", "0", "80017c00", "80010000", "80000000", "3c010000"},
      n = 65936,
      nspecial = 400,
      sha256 = "4516c0311d9b7fd7c549c465cf761bcda9b2bfcc920b5d874045d9581c88cb5c",
      sha_special = "1f3222f520dcfcfa828f02c8e6e7c359cc8aadca0b7d97c92b0c51a41e92a2b9"
    },
    ["__hmax2_nan:bfloat16"] = {
      head = {"80010000", "7f7f0000", "3f000001", "7f0000", "8001007f", "40000080", "803f80", "7f800000", "40403f81", "3f803f7f", "80017f7f", "0", "80017f80", "7fff0000", "80007fff", "3f817fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "394ec165d1227eefa8daa89770cc7dcb188351208bb64edb54103226d82dadf2",
      sha_special = "e2f65e70a820047e402d9d6a424bac287a47c5e50e30465509e308f03af9cc92"
    },
    ["__hmax2_nan:half"] = {
      head = {"80010000", "7bff0000", "38000001", "3ff0000", "800103ff", "40000400", "4003c00", "7c000000", "42003c01", "3c003bff", "80017bff", "0", "80017c00", "7fff0000", "80007fff", "3c017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "61706a5ed8dcc2ed585b3968cbc4be0976e9e68688bcd65bb9129942c75ddb0a",
      sha_special = "7c88d7f0e397ea62b8952ff0dc6c2d10a913bf7e95ae6a9ea3dedeeac1de6d7e"
    },
    ["__hmax:bfloat16"] = {
      head = {"0", "0", "1", "0", "7f", "80", "3f80", "0", "3f81", "3f7f", "7f7f", "0", "7f80", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "0da6d8a2dddcd29927809ffd5c514ccbce28f64a02c4daaaff1719228143c7f0",
      sha_special = "39b0a31eab7dbdc02d44e04eb42fe9084f85595f91ef19c04e881004e4a2498e"
    },
    ["__hmax:half"] = {
      head = {"0", "0", "1", "0", "3ff", "400", "3c00", "0", "3c01", "3bff", "7bff", "0", "7c00", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "bb088936af648ce69ef27b836940e739c94d7997ce44eaf502cd0c28705155a2",
      sha_special = "3e3d8cfbb242e90e32189dce27977da99c29f98aed00580f0e2e97ba973d0ffe"
    },
    ["__hmax_nan:bfloat16"] = {
      head = {"0", "0", "1", "0", "7f", "80", "3f80", "0", "3f81", "3f7f", "7f7f", "0", "7f80", "0", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "170b71b381de8ef4585a301f752cc4facd2725a33e0eeca93707c55c84befe89",
      sha_special = "e66581e7ca5d0799a0083b852710b62633b7ff62bb091bbe2bb1446d0ebe7610"
    },
    ["__hmax_nan:half"] = {
      head = {"0", "0", "1", "0", "3ff", "400", "3c00", "0", "3c01", "3bff", "7bff", "0", "7c00", "0", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "3f8ae3e55d53864c378de0a030a3b2cf644415b22c511b6d748dc6d70e9ae3a5",
      sha_special = "5cacfffe31500fd176ece635151e8ba0083b12bd232aab8c006fd9a62ca84818"
    },
    ["__hmin2:bfloat16"] = {
      head = {"80010000", "80018000", "80010000", "80018001", "ff7f0000", "80010000", "80010000", "8001bf80", "80010000", "80010000", "ff800000", "8001ff7f", "bf800000", "8001ff80", "80010000", "80010000"},
      n = 65936,
      nspecial = 400,
      sha256 = "7637687c6860982b6e9d5c3f6b2fabc36a345d29c7f5a2b02629bdf278c6ccf2",
      sha_special = "9c78d62e808f74125401ac618f7571d2fc12e457612b59469f4f1e257406cbf1"
    },
    ["__hmin2:half"] = {
      head = {"80010000", "80018000", "80010000", "80018001", "fbff0000", "80010000", "80010000", "8001bc00", "80010000", "80010000", "fc000000", "8001fbff", "bc000000", "8001fc00", "80010000", "80010000"},
      n = 65936,
      nspecial = 400,
      sha256 = "3d4c715c1bf882d3c5bd22f55497214ace0ee12d64a1a48a28c5be61157a97e6",
      sha_special = "6f988667bd177e9128386d82f131326664f28866784c3034ff7577e17ea8a925"
    },
    ["__hmin2_nan:bfloat16"] = {
      head = {"80010000", "80018000", "80010000", "80018001", "ff7f0000", "80010000", "80010000", "8001bf80", "80010000", "80010000", "ff800000", "8001ff7f", "bf800000", "7fffff80", "80017fff", "80017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "14ec96759b1b2518f28b4a82c1813d9c4824439e29493d4b551ffd9aa16f2d94",
      sha_special = "25bc2891fb8dcce48e7127caed812e77595cd80851d183135f6624ff739ecc39"
    },
    ["__hmin2_nan:half"] = {
      head = {"80010000", "80018000", "80010000", "80018001", "fbff0000", "80010000", "80010000", "8001bc00", "80010000", "80010000", "fc000000", "8001fbff", "bc000000", "7ffffc00", "80017fff", "80017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "c8294788a62a30d9c6f9df97aa679603e065ca8f6063721d28cfc3f70117c3b4",
      sha_special = "910599326a60d468a251586bc7620a3c6373c1644f0f17909276ba13477dcdfc"
    },
    ["__hmin:bfloat16"] = {
      head = {"0", "8000", "0", "8001", "0", "0", "0", "bf80", "0", "0", "0", "ff7f", "0", "ff80", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "7b0e19b15e6ab575236d4345dce204e3cba5418458f9a55b3427cccce42eca3d",
      sha_special = "92b0b3fd570c0dbac005d9bbe2ac5fea45c2deacd7bf5fcb9ed9ed1206f62abb"
    },
    ["__hmin:half"] = {
      head = {"0", "8000", "0", "8001", "0", "0", "0", "bc00", "0", "0", "0", "fbff", "0", "fc00", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "d32d40a21f464e4603e7be7389682dc32a9d4cc9ee641a06cb895f5afd7cc46b",
      sha_special = "4c200fce8aa62f2fbaf74a7198f1268974ebbbfe617881c671bde6ea02cf8277"
    },
    ["__hmin_nan:bfloat16"] = {
      head = {"0", "8000", "0", "8001", "0", "0", "0", "bf80", "0", "0", "0", "ff7f", "0", "ff80", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "a691654eabede549f80594c8add951dfa4f574544c0c4aa4eb73a369d300cbd2",
      sha_special = "b4c89eb813c53ab82ed6c1fed5b4a8997eac0ceec1673c1b2312fd2be291f684"
    },
    ["__hmin_nan:half"] = {
      head = {"0", "8000", "0", "8001", "0", "0", "0", "bc00", "0", "0", "0", "fbff", "0", "fc00", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "84e7e30c2616002ed87d2d45041b741bfe823c874610a9a2c1f8307c33636331",
      sha_special = "6e98d070ca5fca75418ea209047509c7ee663303183f69d54ef7011d1707791a"
    },
    ["__hmul2:bfloat16"] = {
      head = {"0", "bcff8000", "80000000", "80008000", "3cff0000", "80020000", "80000000", "ff808000", "80030000", "80010000", "7f800000", "80008000", "17fff", "7fff7fff", "7fff", "80017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "72bf46d721e6adefd92ef096c53184d1b9069eed68bb73d4fe8beb0ab6ca4ea2",
      sha_special = "be7fa6c5e2454071537e08357c540a0da1c315938f9b84c82858cd9d50b0d2a3"
    },
    ["__hmul2:half"] = {
      head = {"0", "9bff8000", "80000000", "80008000", "1bff0000", "80020000", "80000000", "fc008000", "80030000", "80010000", "7c000000", "80008000", "17fff", "7fff7fff", "7fff", "80017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "3a627648f00cc76797d38d4674fe5dff50e8dd0eec0adc8c0be9e60021c08dcd",
      sha_special = "1c436aa891af5a76fdeb99e4dc85a68a7580744d1302296706308f685067b9f4"
    },
    ["__hmul2_sat:bfloat16"] = {
      head = {"0", "0", "0", "0", "3cff0000", "0", "0", "0", "0", "0", "3f800000", "0", "10000", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "7484eb596d9c60b358105bac407467f245e974c16aeac9cc9fb04154968f1a94",
      sha_special = "fe69a963e7424c482e6ff523ede46e52621d88a709609b5f7b571e709a75dd8e"
    },
    ["__hmul2_sat:half"] = {
      head = {"0", "0", "0", "0", "1bff0000", "0", "0", "0", "0", "0", "3c000000", "0", "10000", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "f3836b750e83e48b15abeac7809f16b773950063262540f55caa06c8a4090f9c",
      sha_special = "e0ccce725d69843e2bd5f19f4c3280837f66cc6bbcbcf3d69bb6a6b5b5a0ad7f"
    },
    ["__hmul:bfloat16"] = {
      head = {"0", "8000", "0", "8000", "0", "0", "0", "8000", "0", "0", "0", "8000", "7fff", "7fff", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "9ead7973506331bff8d1a14f0dbf607b80ff6ee640e8f8cd4a540508c9fa3b3e",
      sha_special = "f09174a0cfe5d43f6dd127e9ffcec646dbb5561c124c9ae4bb74a467626ddb69"
    },
    ["__hmul:half"] = {
      head = {"0", "8000", "0", "8000", "0", "0", "0", "8000", "0", "0", "0", "8000", "7fff", "7fff", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "e1fed70bff833f76381671c74775ac2f55274e3161fce3b525dbda90ccab7f4f",
      sha_special = "edece6bafeb567924888ff39ca7284ba6b7f0b6cd0d7d961274dc1fa20dbf877"
    },
    ["__hmul_rn:bfloat16"] = {
      head = {"0", "8000", "0", "8000", "0", "0", "0", "8000", "0", "0", "0", "8000", "7fff", "7fff", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "70c511be8a5b38fc3c5134be5449abb998e71041a444989139203b877f3787bf",
      sha_special = "f09174a0cfe5d43f6dd127e9ffcec646dbb5561c124c9ae4bb74a467626ddb69"
    },
    ["__hmul_rn:half"] = {
      head = {"0", "8000", "0", "8000", "0", "0", "0", "8000", "0", "0", "0", "8000", "7fff", "7fff", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "e3b77c68c08307596ca2605c9c6bbe508400c7d6ca5fbcb7a5075bca7cc38b65",
      sha_special = "edece6bafeb567924888ff39ca7284ba6b7f0b6cd0d7d961274dc1fa20dbf877"
    },
    ["__hmul_sat:bfloat16"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "6db69854c078bb3827815ee2fa92579fceb24385e354a8db98f4d192aab5c080",
      sha_special = "11e5cd8f98bb02deabdba8c9ae6189cb51c6f70afa82f959b8b8be29c3bb49af"
    },
    ["__hmul_sat:half"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "710d57774d98c8ed0c7069cd24d9488690b0cb8585b1ddf41c521fd1794a9901",
      sha_special = "6d40ebfcc301142eef0a3245db5b4f081d2e2886358144194c814a368697a6bf"
    },
    ["__hne2:bfloat16"] = {
      head = {"0", "3f800000", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f80", "3f800000", "3f800000"},
      n = 65936,
      nspecial = 400,
      sha256 = "6b58b5724acabe824b25cd72f11e9480ff9892172ae1927435964001effeb7c5",
      sha_special = "b4ad214bfbd65fc9147df4c2b9519e6c251325d39daf20deaf800bd5bac2f204"
    },
    ["__hne2:half"] = {
      head = {"0", "3c000000", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c00", "3c000000", "3c000000"},
      n = 65936,
      nspecial = 400,
      sha256 = "b83ba216c9c6e77cae3a85ad3dfabe523add1952c5421806d7784a258fd23780",
      sha_special = "e5b10ff02136df27fdda5b79966baeeaa0fb821107ddc514fbf405f1f72f5231"
    },
    ["__hne2_mask:bfloat16"] = {
      head = {"0", "ffff0000", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffff", "ffff0000", "ffff0000"},
      n = 65936,
      nspecial = 400,
      sha256 = "bcdbc11a4040815042982898a82199105ee911d8c980b68de8f7a3376d62f56d",
      sha_special = "ed78e307c5e8aee6ca928a7f4e69bb47debf8b021ef081f3027daf4ed554ee7c"
    },
    ["__hne2_mask:half"] = {
      head = {"0", "ffff0000", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffff", "ffff0000", "ffff0000"},
      n = 65936,
      nspecial = 400,
      sha256 = "a772edd122f8a0f34be7c99da0f5f15fbd63993f825b00a17f8a3ba40d09f9fa",
      sha_special = "ed78e307c5e8aee6ca928a7f4e69bb47debf8b021ef081f3027daf4ed554ee7c"
    },
    ["__hne:bfloat16"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "710486b9889e6fdbcfebe3d4a8046aaf382ea54044b93945b54c7b5cf9cc4055",
      sha_special = "2de2dbe6c7fe0d9921ae505048f83fedfbedeeeee27ac24c640896a496bc8112"
    },
    ["__hne:half"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "ace141230bf84df9a88406430d25bb62f2a6b8fcf096a149e113ed0c647b1c48",
      sha_special = "2de2dbe6c7fe0d9921ae505048f83fedfbedeeeee27ac24c640896a496bc8112"
    },
    ["__hneg2:bfloat16"] = {
      head = {"18000", "ff7f0000", "bf008001", "807f0001", "7f7f807f", "c0008080", "8080bf80", "ff803f80", "c040bf81", "bf80bf7f", "7f80ff7f", "80007f7f", "3f80ff80", "7fff7f80", "7fff", "bf817fff"},
      n = 65556,
      nspecial = 20,
      sha256 = "90b878e7f3b689a834519cd4e2f621dfad3bdd04d86abad767ae5759c8ed1144",
      sha_special = "b33bcc2069fbebfd0e91132dcdeddd1b5c19b0f6b81586049418fa1a26ca1850"
    },
    ["__hneg2:half"] = {
      head = {"18000", "fbff0000", "b8008001", "83ff0001", "7bff83ff", "c0008400", "8400bc00", "fc003c00", "c200bc01", "bc00bbff", "7c00fbff", "80007bff", "3c00fc00", "7fff7c00", "7fff", "bc017fff"},
      n = 65556,
      nspecial = 20,
      sha256 = "9e6a19fb6805e29c63673814fa5f353025dbc44ef72cf39aef45b9b4632d9507",
      sha_special = "6a8709ca8aa4fa54e0ff44a3c678fd1a6842db0110c61e1aec03c87a9966d209"
    },
    ["__hneg:bfloat16"] = {
      head = {"8000", "0", "8001", "1", "83ff", "8400", "bc00", "3c00", "fbff", "7bff", "fc00", "7c00", "fe00", "fc01", "7e01", "bc01", "8080", "bf80", "ff7f", "ff80", "7f80", "7fff"},
      n = 65536,
      sha256 = "c741b2de3b4bac6896a653e4ecf1b063ef63d1a672d24c316a22d73f09d49f5f"
    },
    ["__hneg:half"] = {
      head = {"8000", "0", "8001", "1", "83ff", "8400", "bc00", "3c00", "fbff", "7bff", "fc00", "7c00", "7fff", "7fff", "7fff", "bc01", "8080", "bf80", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "46bc83443c39d32d9d066fe5caa6b11070fee00c495f624fda1268cdb7404384"
    },
    ["__hneu2:bfloat16"] = {
      head = {"0", "3f800000", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80", "3f803f80"},
      n = 65936,
      nspecial = 400,
      sha256 = "391121fea8c3a9b2634b5824a61b7d6cbb6e8dcc840b2258bbf6b6428769bfb3",
      sha_special = "c44cfee80eda9b50dffc5f8c78653bb5d653e9eb84b88b72b18a7161b14bf9e6"
    },
    ["__hneu2:half"] = {
      head = {"0", "3c000000", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00", "3c003c00"},
      n = 65936,
      nspecial = 400,
      sha256 = "0574bd88239919c4c080c2b8ce90718f550ebb4640bbb9bf8184385ea1c7d781",
      sha_special = "0af1bbcc337d8eaea508ad5adac9b7f21bb9ec9e3808ba644c6b191ba0cc1285"
    },
    ["__hneu2_mask:bfloat16"] = {
      head = {"0", "ffff0000", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "bd93f99197bffaf04e73e86ba349d9e2c242422db703e7c68e61ba89949237a8",
      sha_special = "6ffd495e09799672ff0e6c01090d754ff6d4e2839a768fb25d928e2d4b5c9c7d"
    },
    ["__hneu2_mask:half"] = {
      head = {"0", "ffff0000", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff"},
      n = 65936,
      nspecial = 400,
      sha256 = "7b25d23145964e27d273e172d4e2a80a8610bae615768543f6eb1f14c1e727fa",
      sha_special = "6ffd495e09799672ff0e6c01090d754ff6d4e2839a768fb25d928e2d4b5c9c7d"
    },
    ["__hneu:bfloat16"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "9a6712edae0f51e30a7edc334c793435ae0b116cb1b3b0353b52afb908586372",
      sha_special = "bd694b93c8af80a8eb8690bbcc7b7f6795ed0794d334512e3ac4cab3466154f9"
    },
    ["__hneu:half"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "846049399466766be76e6dccf7386837086f640550c1e0db99357bace260a28e",
      sha_special = "bd694b93c8af80a8eb8690bbcc7b7f6795ed0794d334512e3ac4cab3466154f9"
    },
    ["__hsub2:bfloat16"] = {
      head = {"0", "ff7f0000", "bf008001", "80800001", "7f7f807f", "c0008080", "8081bf80", "ff803f80", "c040bf81", "bf80bf7f", "7f80ff7f", "80017f7f", "3f80ff80", "7fff7f80", "80017fff", "bf817fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "a149829ed1b2904e42fb50de92f28005fbdfe6d54fea19994e21c08f88b65fb2",
      sha_special = "af53899f372e2c5fe40601b3acd4c4839acf10dfd7441febf938d77a3a1fc0d4"
    },
    ["__hsub2:half"] = {
      head = {"0", "fbff0000", "b8008001", "84000001", "7bff83ff", "c0008400", "8401bc00", "fc003c00", "c200bc01", "bc00bbff", "7c00fbff", "80017bff", "3c00fc00", "7fff7c00", "80017fff", "bc017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "7e7a4e63a7bf258f2b65acc47a07d3e0f5a1eaf766546c56fbb397bc32693e74",
      sha_special = "71e9fc22ffcd462936c90ee5842c912e3adb1cd937a455ec0bec1e62dc7c3193"
    },
    ["__hsub2_sat:bfloat16"] = {
      head = {"0", "0", "0", "1", "3f800000", "0", "0", "3f80", "0", "0", "3f800000", "3f80", "3f800000", "3f80", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "e06301c969ea72b8e60dacdc3ec934df992293a405044d548008bb4f21e2423d",
      sha_special = "5e54e15cf02c521a32d090d1451644a4326f3ed477ec213f37d2a9a36732daa2"
    },
    ["__hsub2_sat:half"] = {
      head = {"0", "0", "0", "1", "3c000000", "0", "0", "3c00", "0", "0", "3c000000", "3c00", "3c000000", "3c00", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "ed8f9effd9afc5014b7c933cc6551edaf8ecd649724a9c424266c8926667cb8a",
      sha_special = "b1289e29a2a47267cd8f0434cf0ddd6cfdc53509403c9b4c540982ccef1842f2"
    },
    ["__hsub:bfloat16"] = {
      head = {"0", "0", "8001", "1", "807f", "8080", "bf80", "3f80", "bf81", "bf7f", "ff7f", "7f7f", "ff80", "7f80", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "301cb74f50455ecf09b5f4806dc2e4c8eacd729910f8ccfa28458160afc2aec8",
      sha_special = "4c8ac4fc2c7b77195b25f4bf74183b096cf6fb311f4ebcd12a9739850bfe9992"
    },
    ["__hsub:half"] = {
      head = {"0", "0", "8001", "1", "83ff", "8400", "bc00", "3c00", "bc01", "bbff", "fbff", "7bff", "fc00", "7c00", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "bbd54641c4f69c258d40ece1c90dd1180c0cff768f5f02d1ef9cefa098ec7470",
      sha_special = "ebdc4390ec2ce70b6958f2ee327590d6cd6373360d9985b5d34a494123cfdf73"
    },
    ["__hsub_rn:bfloat16"] = {
      head = {"0", "0", "8001", "1", "807f", "8080", "bf80", "3f80", "bf81", "bf7f", "ff7f", "7f7f", "ff80", "7f80", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "40d6a699d640e25603784b15b2128c65e2c6d95f10b81bad760e7e22b0a53a35",
      sha_special = "4c8ac4fc2c7b77195b25f4bf74183b096cf6fb311f4ebcd12a9739850bfe9992"
    },
    ["__hsub_rn:half"] = {
      head = {"0", "0", "8001", "1", "83ff", "8400", "bc00", "3c00", "bc01", "bbff", "fbff", "7bff", "fc00", "7c00", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "29621d27ef8097a86ecd71be0b3942aa2340e30dbc81131d87dcf21ae6573638",
      sha_special = "ebdc4390ec2ce70b6958f2ee327590d6cd6373360d9985b5d34a494123cfdf73"
    },
    ["__hsub_sat:bfloat16"] = {
      head = {"0", "0", "0", "1", "0", "0", "0", "3f80", "0", "0", "0", "3f80", "0", "3f80", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "222a876eda05686ba56b98d2521c3feee3af4605519867a37244a7879072029e",
      sha_special = "f103087b1802185ed9e6451a3002e290e4d005516d31342a05451f675d052ea7"
    },
    ["__hsub_sat:half"] = {
      head = {"0", "0", "0", "1", "0", "0", "0", "3c00", "0", "0", "0", "3c00", "0", "3c00", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "5b2e7050bb6da27ad6d3cf9e4a10e97e5f99f40c1bee8cc4e2738d41bb4b1bb5",
      sha_special = "13da1fdb86e8b3adaafb12ea1429816e94f378b2f509ed179a4db4f5ea042d81"
    },
    __int2bfloat16_rd = {
      head = {"0", "3f80", "bf80", "4eff", "cf00", "4500", "4500", "4500", "477f", "477f", "477f", "4780", "4b80", "4eff", "c501", "4380"},
      n = 65554,
      nspecial = 18,
      sha256 = "5656b91718b47a8de71f8449b10ce4247b2c255a88a8701873beec79263cee2c",
      sha_special = "6742972c21f0a6605be417f0c7117705644d9b30b30f1fda40efe7e8b693d5a9"
    },
    __int2bfloat16_rn = {
      head = {"0", "3f80", "bf80", "4f00", "cf00", "4500", "4500", "4500", "4780", "4780", "4780", "4780", "4b80", "4f00", "c500", "4380"},
      n = 65554,
      nspecial = 18,
      sha256 = "12115deee27e462294e394c81b034fb70d66db2db4089ad4ceaf1ae23d381e2d",
      sha_special = "ff1c2dcc00591145390205d61497c7d5f49f178b865ecee55dd4a852f3a6a648"
    },
    __int2bfloat16_ru = {
      head = {"0", "3f80", "bf80", "4f00", "cf00", "4500", "4501", "4501", "4780", "4780", "4780", "4780", "4b81", "4f00", "c500", "4380"},
      n = 65554,
      nspecial = 18,
      sha256 = "94e4a281f36bf1038e5f1a166a606fad6c4e877ec0ccf4a4c039d22cde37abcd",
      sha_special = "a0baa4987bfa7392be82a18d26e945961958fce54a015383792c24703d1e5279"
    },
    __int2bfloat16_rz = {
      head = {"0", "3f80", "bf80", "4eff", "cf00", "4500", "4500", "4500", "477f", "477f", "477f", "4780", "4b80", "4eff", "c500", "4380"},
      n = 65554,
      nspecial = 18,
      sha256 = "8c75bfaa42ffbd8a777e41799d1b61d64076dc93e0b1ae43597ed5528a081ae1",
      sha_special = "c82570587c5a428d73d2fc4dc1dc19ff8465a9a5c140f0ceffa691076181ff50"
    },
    __int2float_rd = {
      head = {"0", "3f800000", "bf800000", "4effffff", "cf000000", "45000000", "45001000", "45003000", "477fe000", "477fef00", "477ff000", "47800000", "4b800000", "4effffff", "c5001000", "43800000"},
      n = 65554,
      nspecial = 18,
      sha256 = "750e62138999215bde2eb4077323548c46b570d3b737285415bf37e224ac9c21",
      sha_special = "06c7d5faa8b74959f41dfa674e99d23448deea6f050a374bc270c135872ee625"
    },
    __int2float_rn = {
      head = {"0", "3f800000", "bf800000", "4f000000", "cf000000", "45000000", "45001000", "45003000", "477fe000", "477fef00", "477ff000", "47800000", "4b800000", "4effffff", "c5001000", "43800000"},
      n = 65554,
      nspecial = 18,
      sha256 = "9f64f8f2a2885f4f2b0c92ddb6c5299df8a5597630e074a4dd30d85825a176ba",
      sha_special = "c88950accba91117a398dcba005a52a0322d4c23319d4e9b87512ce3ffc0fc7e"
    },
    __int2float_ru = {
      head = {"0", "3f800000", "bf800000", "4f000000", "cf000000", "45000000", "45001000", "45003000", "477fe000", "477fef00", "477ff000", "47800000", "4b800001", "4effffff", "c5001000", "43800000"},
      n = 65554,
      nspecial = 18,
      sha256 = "a0988bbc01a8e3187538ea7688ee0185e23b43dade50e9597a6a0b087cb432e7",
      sha_special = "c3575766a51887d325a9438db9299208346044bde8721b7cc5753aae20a41581"
    },
    __int2float_rz = {
      head = {"0", "3f800000", "bf800000", "4effffff", "cf000000", "45000000", "45001000", "45003000", "477fe000", "477fef00", "477ff000", "47800000", "4b800000", "4effffff", "c5001000", "43800000"},
      n = 65554,
      nspecial = 18,
      sha256 = "f46afd02d73447c02007f16f1169368ecbe87f1020e7c78f900bcee0002e56f8",
      sha_special = "06c7d5faa8b74959f41dfa674e99d23448deea6f050a374bc270c135872ee625"
    },
    __int2half_rd = {
      head = {"0", "3c00", "bc00", "7bff", "fc00", "6800", "6800", "6801", "7bff", "7bff", "7bff", "7bff", "7bff", "7bff", "e801", "5c00"},
      n = 65554,
      nspecial = 18,
      sha256 = "30c09daaa558dee1b398df086d18528d9a8fa2d7d1d762065df5808ff9fd1ae3",
      sha_special = "601f622406e41be56813c7b9a68478a1dd0dae432681a4d7e3916854b669440a"
    },
    __int2half_rn = {
      head = {"0", "3c00", "bc00", "7c00", "fc00", "6800", "6800", "6802", "7bff", "7bff", "7c00", "7c00", "7c00", "7c00", "e800", "5c00"},
      n = 65554,
      nspecial = 18,
      sha256 = "0886756934bd4d09b1dd8c9ebba8c8e02cea8c8019f04bc4756ff7fa08537bce",
      sha_special = "63dc99532b66e0f3dfcba809678173693cf7af07f7bb4d7f82c03a7d353ddc45"
    },
    __int2half_ru = {
      head = {"0", "3c00", "bc00", "7c00", "fbff", "6800", "6801", "6802", "7bff", "7c00", "7c00", "7c00", "7c00", "7c00", "e800", "5c00"},
      n = 65554,
      nspecial = 18,
      sha256 = "fe9463f55e9acd670e3ac65511e177d60dda3ec8397bdf877d47bb1b0228c467",
      sha_special = "bb2d53bd0ec919bcc9015a8db64c1c5212b9be526ed2b60d281c8cd07697f9dd"
    },
    __int2half_rz = {
      head = {"0", "3c00", "bc00", "7bff", "fbff", "6800", "6800", "6801", "7bff", "7bff", "7bff", "7bff", "7bff", "7bff", "e800", "5c00"},
      n = 65554,
      nspecial = 18,
      sha256 = "a0516c561b60e0e1c2bafca816ea224fd55877dfc4bab7b941542c305a1fcfb1",
      sha_special = "8b8f3c5e210937edcb0565633f423bc0f9f4417f9c541cb550a2bb55814f2980"
    },
    __int_as_float = {
      head = {"0", "1", "ffffffff", "7fffffff", "80000000", "800", "801", "803", "ffe0", "ffef", "fff0", "10000", "1000001", "7fffff80", "fffff7ff", "100"},
      n = 65554,
      nspecial = 18,
      sha256 = "bc4fd857bc86f15281bae0070d5ebd42d7c0cc50a1b3eabdbdce3fe79890a6a7",
      sha_special = "3db18252b819ed8ea25b456d90986f908d0b6b142fc859c2904f872cb0e93913"
    },
    __ll2bfloat16_rd = {
      head = {"0", "3f80", "bf80", "5eff", "df00", "5a00", "5e80", "da01", "477f", "4500", "4380", "c381", "df00", "4f80", "44d5", "de0b"},
      n = 65550,
      nspecial = 14,
      sha256 = "6ed9f29e8d51b5abecb131511a61c6c0e4383d4de19bbf5f1dff62d534248382",
      sha_special = "3259d07e02e2ac6f14fde1288b3b3879604d9703525612750a620d9992bb6bf4"
    },
    __ll2bfloat16_rn = {
      head = {"0", "3f80", "bf80", "5f00", "df00", "5a00", "5e80", "da00", "4780", "4500", "4380", "c380", "df00", "4f80", "5a3a", "5a5c"},
      n = 65550,
      nspecial = 14,
      sha256 = "34e8177d7f6c851fcf8afce3c144a93a9c6eb0513686cf1e73b27cfafef8f991",
      sha_special = "81b37e3b01d63ff213532ce13e5acca2ef413ccdd36d522ae7c23cd3d0c3cdcb"
    },
    __ll2bfloat16_ru = {
      head = {"0", "3f80", "bf80", "5f00", "df00", "5a01", "5e81", "da00", "4780", "4501", "4381", "c380", "deff", "4f81", "dde3", "c7ab"},
      n = 65550,
      nspecial = 14,
      sha256 = "db3b9ea9d2cb03d0d97d8e6ceedffe3f9d0e63d5cbc2729207df60bbeeca61d6",
      sha_special = "b753644c0b0ab48aac97a96cf3f0a8d418cbfb51d8c7e73523a51581e46d4c46"
    },
    __ll2bfloat16_rz = {
      head = {"0", "3f80", "bf80", "5eff", "df00", "5a00", "5e80", "da00", "477f", "4500", "4380", "c380", "deff", "4f80", "5e3a", "dd8d"},
      n = 65550,
      nspecial = 14,
      sha256 = "8439a6e3f6694f4e770548a4f806be6747cd382c19981967970b74f9c3bee397",
      sha_special = "3f698533fb0dd79df452ae5989dc959d80ee1c812dd70e6f31c9821b3932da7f"
    },
    __ll2float_rd = {
      head = {"0", "3f800000", "bf800000", "5effffff", "df000000", "5a000000", "5e800002", "da000001", "477ff000", "45001000", "43808000", "c3808000", "df000000", "4f800000", "5a5adad2", "5dcefdf4"},
      n = 65550,
      nspecial = 14,
      sha256 = "312c4711344a621a1ee866049cf943103948393fba054516d0a19f7111be3d94",
      sha_special = "f9b3e7c293428c5c5ee9af1122df769af7c4273e426ef211b54043c9c1526d84"
    },
    __ll2float_rn = {
      head = {"0", "3f800000", "bf800000", "5f000000", "df000000", "5a000000", "5e800002", "da000000", "477ff000", "45001000", "43808000", "c3808000", "df000000", "4f800000", "de62929b", "ddddf138"},
      n = 65550,
      nspecial = 14,
      sha256 = "f87fd6e80ab3d21bc663ead492037d2ff616470212522215f5a64959701fa41e",
      sha_special = "0ea756be3b2da8fefb6cb9277cb4d15ae75415dc855de980771dff147a41c09b"
    },
    __ll2float_ru = {
      head = {"0", "3f800000", "bf800000", "5f000000", "df000000", "5a000001", "5e800003", "da000000", "477ff000", "45001000", "43808000", "c3808000", "deffffff", "4f800001", "47b86e80", "de69dd67"},
      n = 65550,
      nspecial = 14,
      sha256 = "4da59696670b948f35d333dcf997aad076d55f9aa0d6a9734c800fb41d97546d",
      sha_special = "e61141e86e3bda9e2b41b4537687420ec498de1179dba45a8f32aee3b3273af6"
    },
    __ll2float_rz = {
      head = {"0", "3f800000", "bf800000", "5effffff", "df000000", "5a000000", "5e800002", "da000000", "477ff000", "45001000", "43808000", "c3808000", "deffffff", "4f800000", "de7ded7c", "47b45980"},
      n = 65550,
      nspecial = 14,
      sha256 = "c38e9e55518bddbe8af3571adbf724ac795f8a00f7659d71bb1152eceb6798aa",
      sha_special = "8b43ec0d2a56f743ea49572ee5703be81598afe10baed1c0f45b7598ca90e421"
    },
    __ll2half_rd = {
      head = {"0", "3c00", "bc00", "7bff", "fc00", "7bff", "7bff", "fc00", "7bff", "6800", "5c04", "dc04", "fc00", "7bff", "fb76", "fc00"},
      n = 65550,
      nspecial = 14,
      sha256 = "8db7a7cc0cc18be33a5b5f266e8d5c32d81102ac3f7658c6e0fab40f80d098f9",
      sha_special = "dbccdcf632b4e18501dc5edfb7bec1a3f7b4dee6dfe36cb9f2edba6d919adc29"
    },
    __ll2half_rn = {
      head = {"0", "3c00", "bc00", "7c00", "fc00", "7c00", "7c00", "fc00", "7c00", "6800", "5c04", "dc04", "fc00", "7c00", "7c00", "7c00"},
      n = 65550,
      nspecial = 14,
      sha256 = "cb96e9a16185e1d9005489824132dcc2e4522ba198c640033e565ca392917564",
      sha_special = "5cde3bba19951432dafd1d5ce44fdd250ce26ec50b608a0373a1a30bd6885f31"
    },
    __ll2half_ru = {
      head = {"0", "3c00", "bc00", "7c00", "fbff", "7c00", "7c00", "fbff", "7c00", "6801", "5c04", "dc04", "fbff", "7c00", "fbff", "fbff"},
      n = 65550,
      nspecial = 14,
      sha256 = "af860b6655896f3e8b605261552937d118e92cb742c231d7f4d4add4cd6480d9",
      sha_special = "afbf28fb54cd62e06f5b4219bc487c98e6d4445fe95ab9417e787337b1072e4b"
    },
    __ll2half_rz = {
      head = {"0", "3c00", "bc00", "7bff", "fbff", "7bff", "7bff", "fbff", "7bff", "6800", "5c04", "dc04", "fbff", "7bff", "fa35", "f832"},
      n = 65550,
      nspecial = 14,
      sha256 = "a41be7457a119ced182764018665cd58719da44524cb118a60d1add4c9fcf500",
      sha_special = "774497f48ff13106d427392b01c8cca5fbaea0245d20e950b7ec581cb68d19dd"
    },
    __log10f = {
      bound = {
        checked = 65572,
        fails = 0,
        maxerr = 0.86558823334053
      },
      head = {"ff800000", "ff800000", "c23369f4", "7fffffff", "c217b819", "c217b818", "0", "7fffffff", "33b4922b", "b174bcc6", "421a209a", "7fffffff", "7f800000", "7fffffff", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "162ab772ecda2778f93fc9cfc92506032f6345d2d86628389d349545c2c570b9",
      sha_special = "d7c3b347ca06d70ed17ddc543002c0c552dd9dac58d9f135816dfbe971d07bbd"
    },
    __log2f = {
      bound = {
        checked = 65572,
        fails = 0,
        maxerr = 0.81033939570189
      },
      head = {"ff800000", "ff800000", "c3150000", "7fffffff", "c2fc0000", "c2fbffff", "0", "7fffffff", "3495f600", "b24b4000", "42ffffff", "7fffffff", "7f800000", "7fffffff", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "3283b033e7041aa409212adc83ac33fb1dc81927a50a977180a6710f05b5ad5f",
      sha_special = "f7cb8520237c6e4ef2f6d5e062841899393336c34d633f8c0aa2858bb3dcc3d4"
    },
    __logf = {
      bound = {
        checked = 65572,
        fails = 0,
        maxerr = 0.84342389926314
      },
      head = {"ff800000", "ff800000", "c2ce8ed0", "7fffffff", "c2aeac50", "c2aeac4f", "0", "7fffffff", "344fe3d7", "b20ce1d6", "42b17217", "7fffffff", "7f800000", "7fffffff", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "6ad7ce94d660c1e3c243c598f35a78fc4bda63527c75a8a3b33a8ae122b81695",
      sha_special = "8d2817a02a622f7e427ff5a6065d3116ddb4f3b5eecc32a6283cc4fb8009780f"
    },
    __low2bfloat16 = {
      head = {"0", "8000", "1", "8001", "7f", "80", "3f80", "bf80", "3f81", "3f7f", "7f7f", "ff7f", "7f80", "ff80", "7fc0", "7f81"},
      n = 65556,
      nspecial = 20,
      sha256 = "96bec53e74bfa66b58030875fc35626a6852a824ad543650f2a83bfd97dda8fb",
      sha_special = "19e12230cf66c6126f815977abd43b941f5fd3e7e99b98cf577af35a0d115965"
    },
    ["__low2float:bfloat16"] = {
      head = {"0", "80000000", "10000", "80010000", "7f0000", "800000", "3f800000", "bf800000", "3f810000", "3f7f0000", "7f7f0000", "ff7f0000", "7f800000", "ff800000", "7fc00000", "7f810000"},
      n = 65556,
      nspecial = 20,
      sha256 = "2a6b62afeaa0d89ab1786aa16d638308f704b8d1f444d67d5665f8ef3b565fcf",
      sha_special = "04e16b45092f79e9e1b40efda0972b548e37a5c1d6c745ce16c324b204e21701"
    },
    ["__low2float:half"] = {
      head = {"0", "80000000", "33800000", "b3800000", "387fc000", "38800000", "3f800000", "bf800000", "3f802000", "3f7fe000", "477fe000", "c77fe000", "7f800000", "ff800000", "7fffffff", "7fffffff"},
      n = 65556,
      nspecial = 20,
      sha256 = "a8d701fbbac68cbab64870a791192614edd33b965f5dbe5ebda5135d9aa750bf",
      sha_special = "2788f98e4a15993762987dd67fc1a38b6f7f87ee05181ff2e3ccb7b33a892674"
    },
    __low2half = {
      head = {"0", "8000", "1", "8001", "3ff", "400", "3c00", "bc00", "3c01", "3bff", "7bff", "fbff", "7c00", "fc00", "7e00", "7c01"},
      n = 65556,
      nspecial = 20,
      sha256 = "d8977c6ae4401f731ee723b203b5bd14874cc727903d0b0d1e113d4f39d5c0ce",
      sha_special = "dc97ce565ed43985d115407d8b1661707a07866f01f59995ff0a7e3e8fdd67e5"
    },
    ["__lowhigh2highlow:bfloat16"] = {
      head = {"8001", "80007f7f", "13f00", "8001007f", "7fff7f", "804000", "3f800080", "bf807f80", "3f814040", "3f7f3f80", "7f7fff80", "ff7f0000", "7f80bf80", "ff807fc0", "7fc08000", "7f813f81"},
      n = 65556,
      nspecial = 20,
      sha256 = "1eb96fd46f1b29eb16a4efce936b529950b818439f97502e0bc1b8e42fa93f2e",
      sha_special = "5c6688e449e14ddb395da77d0f957b998a48fbc9baf39cb78b071d9d153a27ae"
    },
    ["__lowhigh2highlow:half"] = {
      head = {"8001", "80007bff", "13800", "800103ff", "3fffbff", "4004000", "3c000400", "bc007c00", "3c014200", "3bff3c00", "7bfffc00", "fbff0000", "7c00bc00", "fc007e00", "7e008000", "7c013c01"},
      n = 65556,
      nspecial = 20,
      sha256 = "dd5ea25bd5f26c99c13206153785e17fcecc37df51c59264f068a200592a986b",
      sha_special = "df090f344bafae1f5692251525d5f7ed7d146a3fe066d7f7867e7dcd0e9e94c3"
    },
    __lows2bfloat162 = {
      head = {"0", "80000000", "10000", "80010000", "7f0000", "800000", "3f800000", "bf800000", "3f810000", "3f7f0000", "7f7f0000", "ff7f0000", "7f800000", "ff800000", "7fc00000", "7f810000"},
      n = 65936,
      nspecial = 400,
      sha256 = "53b8168062889c0533f806997d0f7d4c1bf4c0755560b74b2fce0d2252bdf9b3",
      sha_special = "64fd0afcd3cb036719a18063d0eebbdadd91d77751336b23e301f987f9e50a8c"
    },
    __lows2half2 = {
      head = {"0", "80000000", "10000", "80010000", "3ff0000", "4000000", "3c000000", "bc000000", "3c010000", "3bff0000", "7bff0000", "fbff0000", "7c000000", "fc000000", "7e000000", "7c010000"},
      n = 65936,
      nspecial = 400,
      sha256 = "dbd7b2b053642759c8459bb91e3ae288fe6d7a0797c7cb2fd44075ba7a10af53",
      sha_special = "da2624766c6fa23f331321eb3b71ebe99f249d3a13fef713bca93eadf03bf06f"
    },
    __mul24 = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65860,
      nspecial = 324,
      sha256 = "6e6223481a13b6cce23308e76a8d7e1506527ab585fb9a829a7fd72dd239b6e3",
      sha_special = "6043ed24d91b84b40318b43fccb4660cb163ee1dc37a5dcb28ef51dec627fb54"
    },
    __mul64hi = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65732,
      nspecial = 196,
      sha256 = "a80a384cf70ace2cda1e5da97a27e0edb554b978dd1bf0a751f1077f73b2bd56",
      sha_special = "a4d82faa6e5da72b6448930aedfe9b1fd3792eeb7d6f372b5ec48bb37d8729ea"
    },
    __mulhi = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65860,
      nspecial = 324,
      sha256 = "e4dbeefebb2b287914e65024fcc486f271e7dfa64eae8ee529d17cabb514e416",
      sha_special = "db02c54d7ec28489f999c1ec1af12d60be5a5ff90d84fd29a9981465d0d45ed1"
    },
    __popc = {
      head = {"0", "1", "20", "1f", "1", "1", "2", "3", "b", "f", "c", "1", "2", "18", "1f", "1"},
      n = 65554,
      nspecial = 18,
      sha256 = "ba353fdeba8237de4d43279a21fae18c65fbbcf80231ebe049b8a8a2955c678f",
      sha_special = "72a782fab4ce0e53b5649ecfaa6a9aa040419e3288c584bd6cbfd133f4deffd9"
    },
    __popcll = {
      head = {"0", "1", "40", "3f", "1", "2", "3", "3f", "c", "2", "2", "3f", "2", "2", "22", "b"},
      n = 65550,
      nspecial = 14,
      sha256 = "942efc08f7c145daf89c404a7c607a00c5aec62f2c431d08f650af791351e902",
      sha_special = "3a855c52a026b9ddc63645e6fe325ea0b72489ff3997e46c8823e00a1b00aded"
    },
    __rhadd = {
      head = {"0", "1", "0", "40000000", "c0000000", "400", "401", "402", "7ff0", "7ff8", "7ff8", "8000", "800001", "3fffffc0", "fffffc00", "80"},
      n = 65860,
      nspecial = 324,
      sha256 = "8e226e6d659dec6dc687c527f2f4051613da94a078b7cd1fd831516561fbeb14",
      sha_special = "17449af688214a45f6a98c4bae66d39b6b5c3493bda4865ad1f8edc6d79fdfb0"
    },
    __sad = {
      head = {"0", "1", "ffffffff", "7fffffff", "80000000", "800", "801", "803", "ffe0", "ffef", "fff0", "10000", "1000001", "7fffff80", "fffff7ff", "100"},
      n = 71368,
      nspecial = 5832,
      sha256 = "3df26b7cbf38d23c12576b0dee1a8e92fcffbb86ef74fb187fd9ec925cb556a7",
      sha_special = "acf13a895f2a3c8172907095e436fd26db46f4d61e4217a245b6c2cc3b2128ea"
    },
    __saturatef = {
      head = {"0", "0", "1", "0", "7fffff", "800000", "3f800000", "0", "3f800000", "3f7fffff", "3f800000", "0", "3f800000", "0", "0", "0"},
      n = 65572,
      nspecial = 36,
      sha256 = "78866f2439770f8c91da116f1f3dfba863b9523c32a2180605b55935503e9952",
      sha_special = "f0fbefb0420d77b828add067673a8441ea7bac10d577c0f0cafed319ea7bc44b"
    },
    __short2bfloat16_rd = {
      head = {"0", "c700", "3f80", "c700", "447f", "4480", "4670", "c688", "46f7", "c481", "46f8", "c480", "46fc", "46f8", "c400", "4670", "4300", "467e", "46fe", "46ff", "c300", "46ff"},
      n = 65536,
      sha256 = "197abe3aa0616e6f173d832da487c27513faa665031a643d6a041c8a55aafdd4"
    },
    __short2bfloat16_rn = {
      head = {"0", "c700", "3f80", "c700", "4480", "4480", "4670", "c688", "46f8", "c480", "46f8", "c480", "46fc", "46f8", "c400", "4670", "4300", "467e", "46ff", "46ff", "c300", "4700"},
      n = 65536,
      sha256 = "bbb872a3834950831c465b49dc967e5953684be2711c703f10224cb2b4cb1812"
    },
    __short2bfloat16_ru = {
      head = {"0", "c700", "3f80", "c6ff", "4480", "4480", "4670", "c688", "46f8", "c480", "46f8", "c480", "46fc", "46f9", "c3ff", "4671", "4300", "467e", "46ff", "46ff", "c300", "4700"},
      n = 65536,
      sha256 = "efa9b1bab017bbb3be64587b82cf0bf509775002c601c6c904dd02f5c19c2017"
    },
    __short2bfloat16_rz = {
      head = {"0", "c700", "3f80", "c6ff", "447f", "4480", "4670", "c688", "46f7", "c480", "46f8", "c480", "46fc", "46f8", "c3ff", "4670", "4300", "467e", "46fe", "46ff", "c300", "46ff"},
      n = 65536,
      sha256 = "03f6e99bd74679d8a052ca3a6e3644ff98613d60a28894d83161bb764f037ffe"
    },
    __short2half_rd = {
      head = {"0", "f800", "3c00", "f800", "63fe", "6400", "7380", "f440", "77bf", "e401", "77c0", "e400", "77e0", "77c0", "dffc", "7380", "5800", "73f0", "77f7", "77f8", "d800", "77fc"},
      n = 65536,
      sha256 = "98b3c191deb0fa9f1d3a86508c20f75bb73154086a4329dbd060c47af6f3ffbe"
    },
    __short2half_rn = {
      head = {"0", "f800", "3c00", "f800", "63fe", "6400", "7380", "f440", "77c0", "e401", "77c0", "e400", "77e0", "77c0", "dffc", "7380", "5800", "73f0", "77f8", "77f8", "d800", "77fc"},
      n = 65536,
      sha256 = "f63559d6dc0a0a36a263c23deb52cb446e08c96808fc38fbe9f92f178de72c6d"
    },
    __short2half_ru = {
      head = {"0", "f800", "3c00", "f7ff", "63fe", "6400", "7380", "f440", "77c0", "e401", "77c0", "e400", "77e0", "77c1", "dffc", "7381", "5800", "73f0", "77f8", "77f8", "d800", "77fc"},
      n = 65536,
      sha256 = "d67656b23524d28b9be20fa0c000c1df3deacebcfc356009d176e0c2e5d0190b"
    },
    __short2half_rz = {
      head = {"0", "f800", "3c00", "f7ff", "63fe", "6400", "7380", "f440", "77bf", "e401", "77c0", "e400", "77e0", "77c0", "dffc", "7380", "5800", "73f0", "77f7", "77f8", "d800", "77fc"},
      n = 65536,
      sha256 = "292b55d5ff3794894da22386c60a853580e570f83eeaabf66f13201ccb143ea7"
    },
    __sinf = {
      bound = {
        checked = 65572,
        fails = 0,
        maxerr = 0.92751934536702
      },
      head = {"0", "80000000", "0", "80000000", "0", "0", "3f576aa3", "bf576aa3", "3f576aa4", "3f576aa3", "0", "80000000", "7fffffff", "7fffffff", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "b7a6c30f48330a66b4b54201758962f436b24aae0ef9c9e524df6b8086eb877c",
      sha_special = "04df62d591f0e320bb5e6fcd5e32677082dc1297b94684f65f1e90021f06e6f0"
    },
    __tanhf = {
      bound = {
        checked = 65572,
        fails = 0,
        maxerr = 0.021072052280741
      },
      head = {"0", "80000000", "1", "80000001", "7fffff", "800000", "3f42f848", "bf42f848", "3f42f848", "3f42f788", "3f800000", "bf800000", "3f800000", "bf800000", "7fffffff", "7fffffff"},
      n = 65572,
      nspecial = 36,
      sha256 = "e1e73912540b3fccd49270c3cad25fc8e982010ec115251cc18a7bee9ed3cc56",
      sha_special = "4a56800a5da5f0912b3b588d2b96c1e008d3009a8d3c6688751fb48d01021984"
    },
    __uhadd = {
      head = {"0", "0", "7fffffff", "3fffffff", "40000000", "400", "400", "401", "7ff0", "7ff7", "7ff8", "8000", "800000", "3fffffc0", "7ffffbff", "80"},
      n = 65860,
      nspecial = 324,
      sha256 = "29978e813ce1fe62117ac0ecaa58c8fc9d2d92addcdd55bc8841d102d3cfbca9",
      sha_special = "0fe1ae8db4ae44c0c7d8a401e227f394226904299cfa673635d25b2dd2198b2a"
    },
    __uint2bfloat16_rd = {
      head = {"0", "3f80", "4f7f", "4eff", "4f00", "4500", "4500", "4500", "477f", "477f", "477f", "4780", "4b80", "4eff", "4f7f", "4380"},
      n = 65554,
      nspecial = 18,
      sha256 = "62d297b19210c8495a8e21b93617002d8ed48624946af3b484c5fe8eb55fbdec",
      sha_special = "e41d5ad7ef153a5531d992feb02c3819181a5d9db64523fa3b9377f68fedcbe4"
    },
    __uint2bfloat16_rn = {
      head = {"0", "3f80", "4f80", "4f00", "4f00", "4500", "4500", "4500", "4780", "4780", "4780", "4780", "4b80", "4f00", "4f80", "4380"},
      n = 65554,
      nspecial = 18,
      sha256 = "38361ad9af2f0741c8ad9f518812de5020886a0071d23ae6028040431ef7d2f8",
      sha_special = "353825dd2e72177974b42c982cfbb15554648866cd4f4e5062c46fa0e4166fe0"
    },
    __uint2bfloat16_ru = {
      head = {"0", "3f80", "4f80", "4f00", "4f00", "4500", "4501", "4501", "4780", "4780", "4780", "4780", "4b81", "4f00", "4f80", "4380"},
      n = 65554,
      nspecial = 18,
      sha256 = "326bd614c5d28940f16d28c77516e5b16c424616cce9119a2619bcb0f76fd5a0",
      sha_special = "42448451ea3738f351cd25d2da4320d60d1ff2dfec8f17ecb1fb97d556efbe81"
    },
    __uint2bfloat16_rz = {
      head = {"0", "3f80", "4f7f", "4eff", "4f00", "4500", "4500", "4500", "477f", "477f", "477f", "4780", "4b80", "4eff", "4f7f", "4380"},
      n = 65554,
      nspecial = 18,
      sha256 = "40a8653b551db353d454ca9dae0547d93e4b75bd362f0c10fc4cc5ef766278a8",
      sha_special = "e41d5ad7ef153a5531d992feb02c3819181a5d9db64523fa3b9377f68fedcbe4"
    },
    __uint2float_rd = {
      head = {"0", "3f800000", "4f7fffff", "4effffff", "4f000000", "45000000", "45001000", "45003000", "477fe000", "477fef00", "477ff000", "47800000", "4b800000", "4effffff", "4f7ffff7", "43800000"},
      n = 65554,
      nspecial = 18,
      sha256 = "61af426a779b6fba040f5e6648566f4427c7a553ffa6a337b321260bd8be20e4",
      sha_special = "3e255c9bbc6834ae7d218d3e6829aa0c06925f12aa67fd001c9591217b8cf966"
    },
    __uint2float_rn = {
      head = {"0", "3f800000", "4f800000", "4f000000", "4f000000", "45000000", "45001000", "45003000", "477fe000", "477fef00", "477ff000", "47800000", "4b800000", "4effffff", "4f7ffff8", "43800000"},
      n = 65554,
      nspecial = 18,
      sha256 = "42c37cee50765f2bc68a86d524e6a6e32c613fa892aa21e54ba8a26770c7dc29",
      sha_special = "6397665fb42bd99c1483856593ad7c52c977a26ec38363681af850570a83d637"
    },
    __uint2float_ru = {
      head = {"0", "3f800000", "4f800000", "4f000000", "4f000000", "45000000", "45001000", "45003000", "477fe000", "477fef00", "477ff000", "47800000", "4b800001", "4effffff", "4f7ffff8", "43800000"},
      n = 65554,
      nspecial = 18,
      sha256 = "9f2f33e1c497c2b95200c45bcab905b9966395c33701003a5893201019b8c967",
      sha_special = "d4f88bfadd721b0843c814d34037e646749bf4178883598233a1b05b894943a3"
    },
    __uint2float_rz = {
      head = {"0", "3f800000", "4f7fffff", "4effffff", "4f000000", "45000000", "45001000", "45003000", "477fe000", "477fef00", "477ff000", "47800000", "4b800000", "4effffff", "4f7ffff7", "43800000"},
      n = 65554,
      nspecial = 18,
      sha256 = "f612b8c3cf556d585c517a878f285e008253a8a61ce76d36de4aac6510421e92",
      sha_special = "3e255c9bbc6834ae7d218d3e6829aa0c06925f12aa67fd001c9591217b8cf966"
    },
    __uint2half_rd = {
      head = {"0", "3c00", "7bff", "7bff", "7bff", "6800", "6800", "6801", "7bff", "7bff", "7bff", "7bff", "7bff", "7bff", "7bff", "5c00"},
      n = 65554,
      nspecial = 18,
      sha256 = "dd3fc474235d34b7334fbc241f95eb92bd4303d672b70e1d2ab14d5dd259e22f",
      sha_special = "2e4b88609e8155424085f1264292dfcf9e8beb6542c400ff45aecdf991404880"
    },
    __uint2half_rn = {
      head = {"0", "3c00", "7c00", "7c00", "7c00", "6800", "6800", "6802", "7bff", "7bff", "7c00", "7c00", "7c00", "7c00", "7c00", "5c00"},
      n = 65554,
      nspecial = 18,
      sha256 = "b5dd8d5b4ca4639405bbc0560e051a4b5d9c30a14a0cf49581776d1372f66479",
      sha_special = "fab523305c494025a69be3e79bf098feb69c62fbf44b10e695d8cc9a9f423550"
    },
    __uint2half_ru = {
      head = {"0", "3c00", "7c00", "7c00", "7c00", "6800", "6801", "6802", "7bff", "7c00", "7c00", "7c00", "7c00", "7c00", "7c00", "5c00"},
      n = 65554,
      nspecial = 18,
      sha256 = "54a5d40d6a3fa6b346ead3d9c60744139b097161474c0e90683a408f65d0bf61",
      sha_special = "7dd269ba15069c4b23cc2f0d3856a23c5401a2958d82c49bf53c2dfe115bc947"
    },
    __uint2half_rz = {
      head = {"0", "3c00", "7bff", "7bff", "7bff", "6800", "6800", "6801", "7bff", "7bff", "7bff", "7bff", "7bff", "7bff", "7bff", "5c00"},
      n = 65554,
      nspecial = 18,
      sha256 = "c4136a87e86e1a83f32a2122eba343d278475b6fcc26205c7c4bd5457ecb46b2",
      sha_special = "2e4b88609e8155424085f1264292dfcf9e8beb6542c400ff45aecdf991404880"
    },
    __ull2bfloat16_rd = {
      head = {"0", "3f80", "5f7f", "5eff", "5f00", "5a00", "5e80", "5f7f", "477f", "4500", "4380", "5f7f", "5f00", "4f80", "47db", "5f63"},
      n = 65550,
      nspecial = 14,
      sha256 = "a582cc956c964f64e6c425549609e64da39b1319894ef9e28fa84d5b1ea0f9b6",
      sha_special = "83fec8d33b54a7c716a028b70ffb763537e6213a5fc5cf2be2d7e1533aad973a"
    },
    __ull2bfloat16_rn = {
      head = {"0", "3f80", "5f80", "5f00", "5f00", "5a00", "5e80", "5f80", "4780", "4500", "4380", "5f80", "5f00", "4f80", "5a27", "5a4e"},
      n = 65550,
      nspecial = 14,
      sha256 = "032754e119fda56e33933c697e459dcc9047af31dec2d5835622f53d3f5d1d3b",
      sha_special = "e2f0c72c19b438f6e8d58a44e0f99a483501912fe98e81eded808ea0538737ae"
    },
    __ull2bfloat16_ru = {
      head = {"0", "3f80", "5f80", "5f00", "5f00", "5a01", "5e81", "5f80", "4780", "4501", "4381", "5f80", "5f01", "4f81", "5a2d", "5a28"},
      n = 65550,
      nspecial = 14,
      sha256 = "9d3c2b29b6e1979fdd3ab58896ec86c42dadfa5371f3e38287d8e7d43c61d897",
      sha_special = "e90d085d1dcdafc8ee1b5fd44589a353087fe13485bde4a5f6708c4274c3180e"
    },
    __ull2bfloat16_rz = {
      head = {"0", "3f80", "5f7f", "5eff", "5f00", "5a00", "5e80", "5f7f", "477f", "4500", "4380", "5f7f", "5f00", "4f80", "5e21", "5a3b"},
      n = 65550,
      nspecial = 14,
      sha256 = "7b11aeb552f17e28675d7a77337d78adfdafaa53edfd113deda674e5a99d73d1",
      sha_special = "83fec8d33b54a7c716a028b70ffb763537e6213a5fc5cf2be2d7e1533aad973a"
    },
    __ull2float_rd = {
      head = {"0", "3f800000", "5f7fffff", "5effffff", "5f000000", "5a000000", "5e800002", "5f7fdfff", "477ff000", "45001000", "43808000", "5f7fffff", "5f000000", "4f800000", "5e1f1e4a", "5f45300e"},
      n = 65550,
      nspecial = 14,
      sha256 = "51fbae88dfb3bbdd672f6c4219f593b78c0da804141388cd03637fd634f6e128",
      sha_special = "63fe284381ebb3a751cdf8a87968eddab8a32d1f63aad80f7413ca1cf1fe052e"
    },
    __ull2float_rn = {
      head = {"0", "3f800000", "5f800000", "5f000000", "5f000000", "5a000000", "5e800002", "5f7fe000", "477ff000", "45001000", "43808000", "5f800000", "5f000000", "4f800000", "5a75f419", "5a421e8e"},
      n = 65550,
      nspecial = 14,
      sha256 = "4bdc76c87a2589edbe17b0105993aeda19cfadaf6571d35e99a5ec055e83ee0a",
      sha_special = "e7606499281fdf6ac90f6c004279769b5b56ceabd2cd077d2d9565e519490daa"
    },
    __ull2float_ru = {
      head = {"0", "3f800000", "5f800000", "5f000000", "5f000000", "5a000001", "5e800003", "5f7fe000", "477ff000", "45001000", "43808000", "5f800000", "5f000001", "4f800001", "5de0d2e4", "5f706681"},
      n = 65550,
      nspecial = 14,
      sha256 = "2396d559e434d23d4f9fe2fffa4c58a8e7f9b0989495fafbb456c29bcdd9dba3",
      sha_special = "b7741cc0518832204b3e6bb684ec1ef6c0bcc1438d25e615084df05e609ba0b3"
    },
    __ull2float_rz = {
      head = {"0", "3f800000", "5f7fffff", "5effffff", "5f000000", "5a000000", "5e800002", "5f7fdfff", "477ff000", "45001000", "43808000", "5f7fffff", "5f000000", "4f800000", "5e5c463f", "5a770bff"},
      n = 65550,
      nspecial = 14,
      sha256 = "23a57fb84b21dc337dcea4ff26d5d5ddbc3391ca9283dc929a61bb2cab3305f1",
      sha_special = "63fe284381ebb3a751cdf8a87968eddab8a32d1f63aad80f7413ca1cf1fe052e"
    },
    __ull2half_rd = {
      head = {"0", "3c00", "7bff", "7bff", "7bff", "7bff", "7bff", "7bff", "7bff", "6800", "5c04", "7bff", "7bff", "7bff", "7bff", "7bff"},
      n = 65550,
      nspecial = 14,
      sha256 = "b100d864cb3df3eb0d4b0aa076ca87d73d4da2b58d064450f859d368a3128fed",
      sha_special = "44d4d7b50ef7c572c2b5c4f11fb44858271d25c74b08f1b13ccce46b201bd91f"
    },
    __ull2half_rn = {
      head = {"0", "3c00", "7c00", "7c00", "7c00", "7c00", "7c00", "7c00", "7c00", "6800", "5c04", "7c00", "7c00", "7c00", "7c00", "7c00"},
      n = 65550,
      nspecial = 14,
      sha256 = "2110e7c957fc55745d3afede1cc41b5c346851afeb187249b3bdb80a7dac674c",
      sha_special = "bb7032b42c4fd2e1a6c0d74047069073282966a7c4730363978a489f948beed8"
    },
    __ull2half_ru = {
      head = {"0", "3c00", "7c00", "7c00", "7c00", "7c00", "7c00", "7c00", "7c00", "6801", "5c04", "7c00", "7c00", "7c00", "7c00", "7c00"},
      n = 65550,
      nspecial = 14,
      sha256 = "533fcadbdee0abbd1c3edac0161149ed0f04da9a56b887be7add04528173e2b1",
      sha_special = "3be5abf30a53017c5333835d1150190784624e5c0abc628d9700721e1f018e1a"
    },
    __ull2half_rz = {
      head = {"0", "3c00", "7bff", "7bff", "7bff", "7bff", "7bff", "7bff", "7bff", "6800", "5c04", "7bff", "7bff", "7bff", "7bff", "7872"},
      n = 65550,
      nspecial = 14,
      sha256 = "94b5a97cee81a8623b1ad894924a8f4fdda1a4ec0b89d5f2cc5164812d9cf32f",
      sha_special = "44d4d7b50ef7c572c2b5c4f11fb44858271d25c74b08f1b13ccce46b201bd91f"
    },
    __umul24 = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65860,
      nspecial = 324,
      sha256 = "5f49ad7aca6d17b617d6a13128ef696e53711b18ff0dfa89aa36d902e226d435",
      sha_special = "a4fdc47fccc9fb0fc522732eda3b436106eb22eb752dbf2879718f75e0025745"
    },
    __umul64hi = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65732,
      nspecial = 196,
      sha256 = "c00bd651cb7b81892775446f458f057117e047ed9d71bbb3fcc8d48a018fb9a1",
      sha_special = "6ff600cb6fc60728b5496613dff87ea56a1a1bd7f6e055e53f87a4f9f4a2a199"
    },
    __umulhi = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65860,
      nspecial = 324,
      sha256 = "c4baaefa34f7bb480e8fd24a06ffbd2d576b9c35e2fbd94e2d4d90ffc267db4f",
      sha_special = "4edca9646df9896a907ee3e7662f0c5259dd0421c0fc8b9913b778d9035a104e"
    },
    __urhadd = {
      head = {"0", "1", "80000000", "40000000", "40000000", "400", "401", "402", "7ff0", "7ff8", "7ff8", "8000", "800001", "3fffffc0", "7ffffc00", "80"},
      n = 65860,
      nspecial = 324,
      sha256 = "69d309c5059aa8a6777b91d25f01cdc6b6b27e88ac538719a48871e52146da13",
      sha_special = "29a24509e0099c817763461669861ae15f1ef99a16a934afeea343b90a181d87"
    },
    __usad = {
      head = {"0", "1", "ffffffff", "7fffffff", "80000000", "800", "801", "803", "ffe0", "ffef", "fff0", "10000", "1000001", "7fffff80", "fffff7ff", "100"},
      n = 71368,
      nspecial = 5832,
      sha256 = "606cd88d13e93509d992778480a70232a2289573fe86e6a34558ccd14c070bdb",
      sha_special = "347cbd24b7e0ba74c6f86a13680293458c001c4561339180ead4b1de52f9d383"
    },
    __ushort2bfloat16_rd = {
      head = {"0", "4700", "3f80", "4700", "447f", "4480", "4670", "473c", "46f7", "477b", "46f8", "477c", "46fc", "46f8", "477e", "4670", "4300", "467e", "46fe", "46ff", "477f", "46ff"},
      n = 65536,
      sha256 = "2925b3e745aa04a6ee16e78137580eef27eadc953671e969de6862136f10467f"
    },
    __ushort2bfloat16_rn = {
      head = {"0", "4700", "3f80", "4700", "4480", "4480", "4670", "473c", "46f8", "477c", "46f8", "477c", "46fc", "46f8", "477e", "4670", "4300", "467e", "46ff", "46ff", "4780", "4700"},
      n = 65536,
      sha256 = "4500c178ba7528cda762bccb5d70d47fbc5a6a5b663ee383d170b54391de7cc4"
    },
    __ushort2bfloat16_ru = {
      head = {"0", "4700", "3f80", "4701", "4480", "4480", "4670", "473c", "46f8", "477c", "46f8", "477c", "46fc", "46f9", "477f", "4671", "4300", "467e", "46ff", "46ff", "4780", "4700"},
      n = 65536,
      sha256 = "548df74d1ed7f1a3f56d81b4cde241e2abbacdb2b3ea00409573dd931f3ef39d"
    },
    __ushort2bfloat16_rz = {
      head = {"0", "4700", "3f80", "4700", "447f", "4480", "4670", "473c", "46f7", "477b", "46f8", "477c", "46fc", "46f8", "477e", "4670", "4300", "467e", "46fe", "46ff", "477f", "46ff"},
      n = 65536,
      sha256 = "2925b3e745aa04a6ee16e78137580eef27eadc953671e969de6862136f10467f"
    },
    __ushort2half_rd = {
      head = {"0", "7800", "3c00", "7800", "63fe", "6400", "7380", "79e0", "77bf", "7bdf", "77c0", "7be0", "77e0", "77c0", "7bf0", "7380", "5800", "73f0", "77f7", "77f8", "7bfc", "77fc"},
      n = 65536,
      sha256 = "3f4776efc1320496d286983280fdb1785e0506601b853470c5a7eddcafe3db26"
    },
    __ushort2half_rn = {
      head = {"0", "7800", "3c00", "7800", "63fe", "6400", "7380", "79e0", "77c0", "7be0", "77c0", "7be0", "77e0", "77c0", "7bf0", "7380", "5800", "73f0", "77f8", "77f8", "7bfc", "77fc"},
      n = 65536,
      sha256 = "21bc8b3c4a5c974c1ec840f0857429c749c7263402a5e3cdd297578fc927e9fb"
    },
    __ushort2half_ru = {
      head = {"0", "7800", "3c00", "7801", "63fe", "6400", "7380", "79e0", "77c0", "7be0", "77c0", "7be0", "77e0", "77c1", "7bf1", "7381", "5800", "73f0", "77f8", "77f8", "7bfc", "77fc"},
      n = 65536,
      sha256 = "ca8b78fc07bf6918858725ad6e0314ac949a9820512d332e5d4d2c4c75299981"
    },
    __ushort2half_rz = {
      head = {"0", "7800", "3c00", "7800", "63fe", "6400", "7380", "79e0", "77bf", "7bdf", "77c0", "7be0", "77e0", "77c0", "7bf0", "7380", "5800", "73f0", "77f7", "77f8", "7bfc", "77fc"},
      n = 65536,
      sha256 = "3f4776efc1320496d286983280fdb1785e0506601b853470c5a7eddcafe3db26"
    },
    __ushort_as_bfloat16 = {
      head = {"0", "8000", "1", "8001", "3ff", "400", "3c00", "bc00", "7bff", "fbff", "7c00", "fc00", "7e00", "7c01", "fe01", "3c01", "80", "3f80", "7f7f", "7f80", "ff80", "7fc0"},
      n = 65536,
      sha256 = "197f7a314b356f70296099420b30d0beddb9fe80e95054af72e1c382cdf1eb9b"
    },
    __ushort_as_half = {
      head = {"0", "8000", "1", "8001", "3ff", "400", "3c00", "bc00", "7bff", "fbff", "7c00", "fc00", "7e00", "7c01", "fe01", "3c01", "80", "3f80", "7f7f", "7f80", "ff80", "7fc0"},
      n = 65536,
      sha256 = "197f7a314b356f70296099420b30d0beddb9fe80e95054af72e1c382cdf1eb9b"
    },
    ["hceil:bfloat16"] = {
      head = {"0", "8000", "3f80", "8000", "3f80", "3f80", "3f80", "8000", "7bff", "fbff", "7c00", "fc00", "7e00", "7c01", "fe01", "3f80", "3f80", "3f80", "7f7f", "7f80", "ff80", "7fff"},
      n = 65536,
      sha256 = "7343bf17c70c5831d129f2fecace7be05e0eb2d2e593e6da73435968d2188341"
    },
    ["hceil:half"] = {
      head = {"0", "8000", "3c00", "8000", "3c00", "3c00", "3c00", "bc00", "7bff", "fbff", "7c00", "fc00", "7fff", "7fff", "7fff", "4000", "3c00", "4000", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "93fed7109ee00038759134fc3b8b90f69a777875eb3959c761d1e286edbeb42d"
    },
    ["hexp2:bfloat16"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.5
      },
      head = {"3f80", "3f80", "3f80", "3f80", "3f80", "3f80", "3f81", "3f7f", "7f80", "0", "7f80", "0", "7f80", "7f80", "0", "3f81", "3f80", "4000", "7f80", "7f80", "0", "7fff"},
      n = 65536,
      sha256 = "c3ce214a34bdc893c7b0961a423e25453af9d1aea090a8ededaf26e5610ec00b"
    },
    ["hexp2:half"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.5
      },
      head = {"3c00", "3c00", "3c00", "3c00", "3c00", "3c00", "4000", "3800", "7c00", "0", "7c00", "0", "7fff", "7fff", "7fff", "4001", "3c00", "4356", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "48508abcd2bcc34f481a14b8918427ba84ec4696bb65bcc94292553d0281dc3e"
    },
    ["hexp:bfloat16"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49998804195937
      },
      head = {"3f80", "3f80", "3f80", "3f80", "3f80", "3f80", "3f81", "3f7e", "7f80", "0", "7f80", "0", "7f80", "7f80", "0", "3f81", "3f80", "402e", "7f80", "7f80", "0", "7fff"},
      n = 65536,
      sha256 = "e3567116e1901453f6b27f12ef7433629483d30f01cbeff46b146bfcd11bc961"
    },
    ["hexp:half"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49998860944174
      },
      head = {"3c00", "3c00", "3c00", "3c00", "3c00", "3c00", "4170", "35e3", "7c00", "0", "7c00", "0", "7fff", "7fff", "7fff", "4171", "3c00", "4685", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "84a66bd9f3c4e3d35f7858e1ac8aa53e5e63b99d61e38afae8334c6e2c4a7611"
    },
    ["hfloor:bfloat16"] = {
      head = {"0", "8000", "0", "bf80", "0", "0", "0", "bf80", "7bff", "fbff", "7c00", "fc00", "7e00", "7c01", "fe01", "0", "0", "3f80", "7f7f", "7f80", "ff80", "7fff"},
      n = 65536,
      sha256 = "069fb1c3e987a9cc71a0b53e889a814e36ef83dc0361ea3f36c65a06de3c32dd"
    },
    ["hfloor:half"] = {
      head = {"0", "8000", "0", "bc00", "0", "0", "3c00", "bc00", "7bff", "fbff", "7c00", "fc00", "7fff", "7fff", "7fff", "3c00", "0", "3c00", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "1483b44ce32b98ad6138821a04436d7cec972fc87075ec96e3f0190adf5cd8ad"
    },
    ["hlog2:bfloat16"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49984227461229
      },
      head = {"ff80", "ff80", "c305", "7fff", "c2ee", "c2ee", "c0e0", "7fff", "42f2", "7fff", "42f2", "7fff", "42fa", "42f2", "7fff", "c0e0", "c2fc", "0", "4300", "7f80", "7fff", "7fff"},
      n = 65536,
      sha256 = "5d06e1268fcaacd1a5da1793388bc3678cc611759bbca650dfe610120af302ed"
    },
    ["hlog2:half"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49991103034017
      },
      head = {"fc00", "fc00", "ce00", "7fff", "cb00", "cb00", "0", "7fff", "4c00", "7fff", "7c00", "7fff", "7fff", "7fff", "7fff", "15c5", "cc40", "3b41", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "a89827e577e9c4c1f4992868c84b6fbf0cbd2b5669a6f776503a89d489dc193f"
    },
    ["hlog:bfloat16"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49999611428444
      },
      head = {"ff80", "ff80", "c2b8", "7fff", "c2a5", "c2a5", "c09b", "7fff", "42a8", "7fff", "42a8", "7fff", "42ad", "42a8", "7fff", "c09b", "c2af", "0", "42b1", "7f80", "7fff", "7fff"},
      n = 65536,
      sha256 = "b18144d4a8989a7da0541eb3bb1f63feb2b533d7339eb9884b41452eab940a80"
    },
    ["hlog:half"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49998230258052
      },
      head = {"fc00", "fc00", "cc29", "7fff", "c8da", "c8da", "0", "7fff", "498c", "7fff", "7c00", "7fff", "7fff", "7fff", "7fff", "13ff", "c9e4", "3907", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "9513edec41e12bc3e85ad1dc44efcd6ed197f007ab7c7a2e6c856268b70b1efa"
    },
    ["hrcp:bfloat16"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49803921568628
      },
      head = {"7f80", "ff80", "7f80", "ff80", "7b01", "7b00", "4300", "c300", "301", "8301", "300", "8300", "100", "2fe", "80fe", "42fe", "7e80", "3f80", "20", "0", "8000", "7fff"},
      n = 65536,
      sha256 = "c92d232a7bc7d8ded4baa6965b4ef336543d2ffd1cfb5ee1829b98f5960cf281"
    },
    ["hrcp:half"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.4997557401075
      },
      head = {"7c00", "fc00", "7c00", "fc00", "7401", "7400", "3c00", "bc00", "100", "8100", "0", "8000", "7fff", "7fff", "7fff", "3bfe", "7c00", "3844", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "e07e1bd008d9c76b2660c958be4d849ce964c35b9568973555e3693f7402f11e"
    },
    ["hrint:bfloat16"] = {
      head = {"0", "8000", "0", "8000", "0", "0", "0", "8000", "7bff", "fbff", "7c00", "fc00", "7e00", "7c01", "fe01", "0", "0", "3f80", "7f7f", "7f80", "ff80", "7fff"},
      n = 65536,
      sha256 = "0d9fe23b50d91e83ec6e076042bbb626c30ecfd2eece28d85b2685225efd005a"
    },
    ["hrint:half"] = {
      head = {"0", "8000", "0", "8000", "0", "0", "3c00", "bc00", "7bff", "fbff", "7c00", "fc00", "7fff", "7fff", "7fff", "3c00", "0", "4000", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "925a3927a9fe5ac8afed3cafe87c0d853abab1309c582b541ef52ff7de5fc380"
    },
    ["hrsqrt:bfloat16"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49931855923177
      },
      head = {"7f80", "ff80", "60b5", "7fff", "5d35", "5d35", "4135", "7fff", "2135", "7fff", "2135", "7fff", "2035", "2134", "7fff", "4134", "5f00", "3f80", "1f80", "0", "7fff", "7fff"},
      n = 65536,
      sha256 = "3c37befe1f9b56540453e2937004a4c2d09bfe02aa2ea040c506cb1c23b2bd3f"
    },
    ["hrsqrt:half"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49963349078439
      },
      head = {"7c00", "fc00", "6c00", "7fff", "5801", "5800", "3c00", "7fff", "1c00", "7fff", "0", "7fff", "7fff", "7fff", "7fff", "3bff", "5da8", "39d8", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "2b0d4633756b03d9220693f424985b1cf97b9ec0a0ef12635bd36b20b483aef6"
    },
    ["hsqrt:bfloat16"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49951076274098
      },
      head = {"0", "8000", "1e35", "7fff", "21b5", "21b5", "3db5", "7fff", "5db5", "7fff", "5db5", "7fff", "5eb5", "5db6", "7fff", "3db6", "2000", "3f80", "5f7f", "7f80", "7fff", "7fff"},
      n = 65536,
      sha256 = "3467db312a5920f9d82bb78ac72203a5704b2ff181aebf4c0b39b0c1a1751afb"
    },
    ["hsqrt:half"] = {
      bound = {
        checked = 65536,
        fails = 0,
        maxerr = 0.49993894993804
      },
      head = {"0", "8000", "c00", "7fff", "1fff", "2000", "3c00", "7fff", "5bff", "7fff", "7c00", "7fff", "7fff", "7fff", "7fff", "3c00", "19a8", "3d7a", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "a540bde705db352baaab3c1076c7003f1d303f0d5ed56bf8c45a9c4d797d82c1"
    },
    ["htrunc:bfloat16"] = {
      head = {"0", "8000", "0", "8000", "0", "0", "0", "8000", "7bff", "fbff", "7c00", "fc00", "7e00", "7c01", "fe01", "0", "0", "3f80", "7f7f", "7f80", "ff80", "7fff"},
      n = 65536,
      sha256 = "3bbc5c256411003c080ef79077a063ee75a9024a3fb53b008760c8b0ac0cc955"
    },
    ["htrunc:half"] = {
      head = {"0", "8000", "0", "8000", "0", "0", "3c00", "bc00", "7bff", "fbff", "7c00", "fc00", "7fff", "7fff", "7fff", "3c00", "0", "3c00", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "705292cf7c7eb10e3a6d2260e64c374dbf0c056e4924f8f2c7bdbb4ddb42c14a"
    },
    ["operator!=2:bfloat16"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "ae4477aff2da046c03d7706933138e995e8ff6c164e0144958222d37b0d2a09e",
      sha_special = "efd5f94cdaffb16886e53b33f375125fe3a1dba999b56d813a5cd490817b7ed2"
    },
    ["operator!=2:half"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "218cabc9eae1035955a30efebd60d329e0202a8c812f1105db34d6a525434f6f",
      sha_special = "efd5f94cdaffb16886e53b33f375125fe3a1dba999b56d813a5cd490817b7ed2"
    },
    ["operator!=:bfloat16"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "6090559d37579e11b5b8e81b0271f7bfecf236ac8df04e1855d5ec2b217a8720",
      sha_special = "bd694b93c8af80a8eb8690bbcc7b7f6795ed0794d334512e3ac4cab3466154f9"
    },
    ["operator!=:half"] = {
      head = {"0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"},
      n = 65936,
      nspecial = 400,
      sha256 = "330df85f230fda9729596a199ae3ba15fa39bbbc1bc6fbf5812cf2c6041f5222",
      sha_special = "bd694b93c8af80a8eb8690bbcc7b7f6795ed0794d334512e3ac4cab3466154f9"
    },
    ["operator*2:bfloat16"] = {
      head = {"0", "bcff8000", "80000000", "80008000", "3cff0000", "80020000", "80000000", "ff808000", "80030000", "80010000", "7f800000", "80008000", "17fff", "7fff7fff", "7fff", "80017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "e41f07504e41d868c7047f735a22e28f6962c8f43f7b47dc9c71362f729cd84a",
      sha_special = "be7fa6c5e2454071537e08357c540a0da1c315938f9b84c82858cd9d50b0d2a3"
    },
    ["operator*2:half"] = {
      head = {"0", "9bff8000", "80000000", "80008000", "1bff0000", "80020000", "80000000", "fc008000", "80030000", "80010000", "7c000000", "80008000", "17fff", "7fff7fff", "7fff", "80017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "e7d60049357d50cdc357a1f09b524dc56aa0911dd1a57196f901f192c9a55f86",
      sha_special = "1c436aa891af5a76fdeb99e4dc85a68a7580744d1302296706308f685067b9f4"
    },
    ["operator*:bfloat16"] = {
      head = {"0", "8000", "0", "8000", "0", "0", "0", "8000", "0", "0", "0", "8000", "7fff", "7fff", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "2fdab06bf4d96de59863a211d4c720004419e1a1ae2eb934bd58ea9960622a0e",
      sha_special = "f09174a0cfe5d43f6dd127e9ffcec646dbb5561c124c9ae4bb74a467626ddb69"
    },
    ["operator*:half"] = {
      head = {"0", "8000", "0", "8000", "0", "0", "0", "8000", "0", "0", "0", "8000", "7fff", "7fff", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "9892d8f8e586e46f39ab2dbb1e90f4de198ba91223e07d495e77cb40c8a6b801",
      sha_special = "edece6bafeb567924888ff39ca7284ba6b7f0b6cd0d7d961274dc1fa20dbf877"
    },
    ["operator++:bfloat16"] = {
      head = {"3f80", "3f80", "3f80", "3f80", "3f80", "3f80", "3f81", "3f7e", "7bff", "fbff", "7c00", "fc00", "7e00", "7c01", "fe01", "3f81", "3f80", "4000", "7f7f", "7f80", "ff80", "7fff"},
      n = 65536,
      sha256 = "bba984faaad33bcf23e66e8f11e4dcf9be3d03a3708de2d71cc82f571a538934"
    },
    ["operator++:half"] = {
      head = {"3c00", "3c00", "3c00", "3c00", "3c00", "3c00", "4000", "0", "7bff", "fbff", "7c00", "fc00", "7fff", "7fff", "7fff", "4000", "3c00", "41c0", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "011638dad93a007f7f19b6c1b0dfdfef53dd70c147d52329e3ba0b29243c3d46"
    },
    ["operator+2:bfloat16"] = {
      head = {"80020000", "7f7f0000", "3f000001", "7e8001", "ff7f007f", "40000080", "7f3f80", "7f80bf80", "40403f81", "3f803f7f", "ff807f7f", "8001ff7f", "bf807f80", "7fffff80", "80017fff", "3f817fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "c32d9b8760623c5a714675226bb4dc47285012ee5681f841a8245d523df2ed6d",
      sha_special = "347f3b516dac30eac62c9f63748f1ccf324b54839fe9fdc7b1bdbf8d0d39056b"
    },
    ["operator+2:half"] = {
      head = {"80020000", "7bff0000", "38000001", "3fe8001", "fbff03ff", "40000400", "3ff3c00", "7c00bc00", "42003c01", "3c003bff", "fc007bff", "8001fbff", "bc007c00", "7ffffc00", "80017fff", "3c017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "d99204ea962e84bca36fd6cc9fe2a1933c4ce1ecdb3b4d25900cb34a22eb6cc2",
      sha_special = "711c51d4e9c9c3ca52fed294838118ab825037a977dc0addf2a6bf4722b2687a"
    },
    ["operator+:bfloat16"] = {
      head = {"0", "0", "1", "8001", "7f", "80", "3f80", "bf80", "3f81", "3f7f", "7f7f", "ff7f", "7f80", "ff80", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "f75fd07f22d955960095412c53458ee5cc8a9ea6d24c65ad09410e17bfe412c6",
      sha_special = "e80791b02f715e50442a41ffb50faa061f5b1b2399962df832369ce779b4b9ea"
    },
    ["operator+:half"] = {
      head = {"0", "0", "1", "8001", "3ff", "400", "3c00", "bc00", "3c01", "3bff", "7bff", "fbff", "7c00", "fc00", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "ddfd4c491a2c637aa88c012845dc019a2f8426e6e5166949e0556d44bf1d0e61",
      sha_special = "26d8b4f76b1ef9a9a58f4598279860964b7912173b0671f9ff087593c2c271cc"
    },
    ["operator-2:bfloat16"] = {
      head = {"0", "ff7f0000", "bf008001", "80800001", "7f7f807f", "c0008080", "8081bf80", "ff803f80", "c040bf81", "bf80bf7f", "7f80ff7f", "80017f7f", "3f80ff80", "7fff7f80", "80017fff", "bf817fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "0b68aad78a56530db29815c6144310cd2a674ae49a2fe1fc48cf53af84657488",
      sha_special = "af53899f372e2c5fe40601b3acd4c4839acf10dfd7441febf938d77a3a1fc0d4"
    },
    ["operator-2:half"] = {
      head = {"0", "fbff0000", "b8008001", "84000001", "7bff83ff", "c0008400", "8401bc00", "fc003c00", "c200bc01", "bc00bbff", "7c00fbff", "80017bff", "3c00fc00", "7fff7c00", "80017fff", "bc017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "e3154f6b5aa0d4b07ee45966bf68e3db6b919d1bf1cb28ba18e9468ff2efb505",
      sha_special = "71e9fc22ffcd462936c90ee5842c912e3adb1cd937a455ec0bec1e62dc7c3193"
    },
    ["operator-:bfloat16"] = {
      head = {"0", "0", "8001", "1", "807f", "8080", "bf80", "3f80", "bf81", "bf7f", "ff7f", "7f7f", "ff80", "7f80", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "e20ebf9c4b29d225d444123af50a9d0d093a11a349e53c3368335635be9bda75",
      sha_special = "4c8ac4fc2c7b77195b25f4bf74183b096cf6fb311f4ebcd12a9739850bfe9992"
    },
    ["operator-:half"] = {
      head = {"0", "0", "8001", "1", "83ff", "8400", "bc00", "3c00", "bc01", "bbff", "fbff", "7bff", "fc00", "7c00", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "f0cca80fd3b497a102251555ba47f7c77fa4d17d74359485f40707547ae10d9c",
      sha_special = "ebdc4390ec2ce70b6958f2ee327590d6cd6373360d9985b5d34a494123cfdf73"
    },
    ["operator-unary:bfloat16"] = {
      head = {"8000", "0", "8001", "1", "83ff", "8400", "bc00", "3c00", "fbff", "7bff", "fc00", "7c00", "fe00", "fc01", "7e01", "bc01", "8080", "bf80", "ff7f", "ff80", "7f80", "7fff"},
      n = 65536,
      sha256 = "c741b2de3b4bac6896a653e4ecf1b063ef63d1a672d24c316a22d73f09d49f5f"
    },
    ["operator-unary:half"] = {
      head = {"8000", "0", "8001", "1", "83ff", "8400", "bc00", "3c00", "fbff", "7bff", "fc00", "7c00", "7fff", "7fff", "7fff", "bc01", "8080", "bf80", "7fff", "7fff", "7fff", "7fff"},
      n = 65536,
      sha256 = "46bc83443c39d32d9d066fe5caa6b11070fee00c495f624fda1268cdb7404384"
    },
    ["operator/2:bfloat16"] = {
      head = {"3f807fff", "80007fff", "80020000", "bc018000", "0", "80000000", "bc000000", "80008000", "80000000", "80010000", "0", "ff808000", "10000", "7fff8000", "7f807fff", "80017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "2cae764ff6f6204da974983170d78f061c1f2c19723de710546f44499f3db833",
      sha_special = "0c6c6768c8e82b304ecdbba000bab953e98a484fb12b6c912e65bbaaf08aae60"
    },
    ["operator/2:half"] = {
      head = {"3c007fff", "80007fff", "80020000", "94018000", "0", "80000000", "94000000", "80008000", "80000000", "80010000", "0", "fc008000", "10000", "7fff8000", "7c007fff", "80017fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "a11e62fb075eada2e6d17e6e05ab45152bae5ea22731636ec4de7b017ce8eed9",
      sha_special = "3f9f8bb4e672a78a0ba7bd6766e5915798aee7240844cdc3632bded093a6c7c6"
    },
    ["operator/:bfloat16"] = {
      head = {"7fff", "7fff", "0", "8000", "0", "0", "0", "8000", "0", "0", "0", "8000", "0", "8000", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "fb3a28d2c23f8a582dfaf409c3ab6a0460dc208534b7d3c7463088015a4177ee",
      sha_special = "85b12e319246724566b31009531ce8c8e15151ba68b1af91d0a32065b4fa9336"
    },
    ["operator/:half"] = {
      head = {"7fff", "7fff", "0", "8000", "0", "0", "0", "8000", "0", "0", "0", "8000", "0", "8000", "7fff", "7fff"},
      n = 65936,
      nspecial = 400,
      sha256 = "2507a3edf5981498a7bccb454751ab5395969cf20cb75a6a3ea929d191f62840",
      sha_special = "2f39ddeae456b24948342148a7c5dcb91bc63f72a2c348db2b8b1e7a61e064d3"
    },
    ["operator<2:bfloat16"] = {
      head = {"0", "0", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "e334adbd9ed36d1d8d790f79cb1422462c9223512774555b111187734d98a9cc",
      sha_special = "f0ef4f292c6f8576dd9620070a9f3228befe5ac4f226fe644ac2bd4ead941df9"
    },
    ["operator<2:half"] = {
      head = {"0", "0", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "e3ec9f430f54bd9240bcedc457006238fb757453f4d562fc406944aa0f129f08",
      sha_special = "f0ef4f292c6f8576dd9620070a9f3228befe5ac4f226fe644ac2bd4ead941df9"
    },
    ["operator<:bfloat16"] = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "6641c2abc322d1e2651cb65a1ebc8a744cd69de1076b58ac43638978bf897ddd",
      sha_special = "e7da3131d9c25840fcbff4139894c8d350edea38c98d470fd229e693303b1166"
    },
    ["operator<:half"] = {
      head = {"0", "0", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "9c78d34d4f0fc74ccc3fd8a64617d5ebeab961e6e4aaec08e5c54c5a80f02000",
      sha_special = "e7da3131d9c25840fcbff4139894c8d350edea38c98d470fd229e693303b1166"
    },
    ["operator<=2:bfloat16"] = {
      head = {"1", "1", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "13e5ecc543a78d8f23bba3366dc91bb265fe4c5a74e4edd186db14c0ad3fbe4a",
      sha_special = "ad1448897b5b3e5a1b0cd873033f860308a4a171f837b478e32d732572f5e7aa"
    },
    ["operator<=2:half"] = {
      head = {"1", "1", "1", "0", "0", "1", "1", "0", "1", "1", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "85051ef67560cbe51e16f47b6ac652770a78d4759c015803ed186c238ccdd380",
      sha_special = "ad1448897b5b3e5a1b0cd873033f860308a4a171f837b478e32d732572f5e7aa"
    },
    ["operator<=:bfloat16"] = {
      head = {"1", "1", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "cc23298b1d94a4f75df0d260fc6e0858c8a34e12162247c9c3f03c2745163d44",
      sha_special = "19c7da709d1004a559c9aaa9574dcb7f3ea5ce4833e94e9f665b986f1eccbf8b"
    },
    ["operator<=:half"] = {
      head = {"1", "1", "1", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "b48248bd82804eb41e2097396d9a355e091ce705be001fa52b4602c50f06820f",
      sha_special = "19c7da709d1004a559c9aaa9574dcb7f3ea5ce4833e94e9f665b986f1eccbf8b"
    },
    ["operator==2:bfloat16"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "f2f7d86ff9791bb2633969a4b1fec0513f40a644745829be1c57331e063a893e",
      sha_special = "9e99d60d0341af9e49303dcb054f4275c9aff2b9f4e4840c5a5431c632874137"
    },
    ["operator==2:half"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "f2f7d86ff9791bb2633969a4b1fec0513f40a644745829be1c57331e063a893e",
      sha_special = "9e99d60d0341af9e49303dcb054f4275c9aff2b9f4e4840c5a5431c632874137"
    },
    ["operator==:bfloat16"] = {
      head = {"1", "1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "c0eb40654cf5c90da74b5e63efab0c850d1c46d6971465bd50923d70514fefa9",
      sha_special = "d97a96e51c31b056c6efe9a070cc65cbd05fe9ae73fcd0a13526150f0f88142c"
    },
    ["operator==:half"] = {
      head = {"1", "1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "6b191ae196d2cc24494387e3b631ee854f25888ab0d2218a8b38f3f8ef2b71ff",
      sha_special = "d97a96e51c31b056c6efe9a070cc65cbd05fe9ae73fcd0a13526150f0f88142c"
    },
    ["operator>2:bfloat16"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "8e3cb75b802ddfe280a09657a06372a2efc6cdff4a38136309e6f3111bdca1be",
      sha_special = "e1754e0ab15dae60a82ecabaa9321a5e2d5fadb96a3cd608fbde67e570b55b5f"
    },
    ["operator>2:half"] = {
      head = {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "1d8d090607748b99758cd1b7d6974b99d03b673719f03f38e896483125c6f26d",
      sha_special = "e1754e0ab15dae60a82ecabaa9321a5e2d5fadb96a3cd608fbde67e570b55b5f"
    },
    ["operator>:bfloat16"] = {
      head = {"0", "0", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "e76d6d43daff91f498d45b5803a46772d886422fa4434455640cd6377ff7a568",
      sha_special = "b1bdd003800e915344680a229430d481ca6230f4a5e76f5059e15681b11abcf9"
    },
    ["operator>:half"] = {
      head = {"0", "0", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "bd109b6ef92e5bc7d70b924e950e55167168e212e0fd3542ff7c96754bb24ea8",
      sha_special = "b1bdd003800e915344680a229430d481ca6230f4a5e76f5059e15681b11abcf9"
    },
    ["operator>=2:bfloat16"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "baa23959c7add8bc3517e85e61c796adb012bee803a06592fb9014ce406a8203",
      sha_special = "f54cad4dca71fe5e1988a161f5236237199e96614980b28f4a4cbdd8dd79e614"
    },
    ["operator>=2:half"] = {
      head = {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "01430d0209d4298d6185abf1bf560510f72fda12ebf561a0cba39a1824a94cc7",
      sha_special = "f54cad4dca71fe5e1988a161f5236237199e96614980b28f4a4cbdd8dd79e614"
    },
    ["operator>=:bfloat16"] = {
      head = {"1", "1", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "8ed0777f4c266b00ab42d6403cc527f3bac8d101ed6250efc81093eba9465d10",
      sha_special = "62ec79da2f578d63ed945169d776fc386d6ac618c5af2dc86a257f7caf00a082"
    },
    ["operator>=:half"] = {
      head = {"1", "1", "0", "1", "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "0", "0"},
      n = 65936,
      nspecial = 400,
      sha256 = "bc77e36781153e0e621f9f00754b54f2f9bf8eb788ce727c240be48f388a2407",
      sha_special = "62ec79da2f578d63ed945169d776fc386d6ac618c5af2dc86a257f7caf00a082"
    }
  },
  meta = {
    arch = "sm_90a",
    backend = "cuda",
    cuda = "13.0",
    date = "2026-12-01",
    device = "NVIDIA H200",
    gpu = "NVIDIA H200, 580.159.04"
  }
}
